extension ScenarioDecoder {
    /// `server`, merged key by key over `base`.
    mutating func server(_ node: DocumentNode, over base: ServerConfig) -> ServerConfig {
        let keys = ["tombstoneRetention", "changeTokenLifetime", "batchLimit", "atomicBatches", "fetchPageSize",
                    "rateLimit", "savesOverDeleted", "processing"]
        var server = base
        guard let object = object(node, keys: keys) else { return server }
        apply(object, "tombstoneRetention", to: &server.tombstoneRetention, as: .duration(in: ScenarioBounds.orForever))
        apply(object, "changeTokenLifetime", to: &server.changeTokenLifetime, as: .duration(in: ScenarioBounds.orForever))
        apply(object, "batchLimit", to: &server.batchLimit, as: .integer(in: ScenarioBounds.batchSize))
        apply(object, "atomicBatches", to: &server.atomicBatches, as: .bool)
        apply(object, "fetchPageSize", to: &server.fetchPageSize, as: .integer(in: ScenarioBounds.batchSize))
        if let limit = object["rateLimit"] { server.rateLimit = rateLimit(limit) }
        apply(object, "savesOverDeleted", to: &server.savesOverDeleted, as: .oneOf)
        apply(object, "processing", to: &server.processing, as: .duration(in: ScenarioBounds.latency))
        return server
    }

    /// `server.rateLimit`: `requests`, `per` and `retryAfter`, all required.
    private mutating func rateLimit(_ node: DocumentNode) -> RateLimit? {
        guard let object = object(node, keys: ["requests", "per", "retryAfter"]) else { return nil }
        let requests = require(object, "requests", as: .integer(in: ScenarioBounds.rateLimitRequests))
        let per = require(object, "per", as: .duration(in: ScenarioBounds.positive))
        let retryAfter = require(object, "retryAfter", as: .duration(in: ScenarioBounds.positive))
        guard let requests, let per, let retryAfter else { return nil }
        return RateLimit(requests: requests, per: per, retryAfter: retryAfter)
    }
}
