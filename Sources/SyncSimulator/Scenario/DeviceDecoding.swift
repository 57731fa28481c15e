extension ScenarioDecoder {
    /// `devices`: 1 to 10,000 devices with unique ids, each link merged over the top-level `network`.
    mutating func devices(_ node: DocumentNode, network: NetworkConfig) -> [DeviceConfig] {
        guard let items = array(node, of: "devices", count: ScenarioBounds.devices) else { return [] }
        var firstIndex: [String: Int] = [:]
        var devices: [DeviceConfig] = []
        for (index, item) in items.enumerated() {
            guard let (device, idPath) = self.device(item, network: network) else { continue }
            if claim(device.id, index: index, at: idPath, of: "devices", in: &firstIndex) { devices.append(device) }
        }
        return devices
    }

    /// One device, with the place of its `id`; nil when it has no valid id.
    private mutating func device(_ node: DocumentNode, network: NetworkConfig) -> (DeviceConfig, DocumentPath)? {
        let keys = ["id", "online", "clock", "network", "sync", "client", "choice"]
        guard let object = object(node, keys: keys) else { return nil }
        let id = require(object, "id", as: .identifier("a device id", maxLength: ScenarioBounds.deviceIDLength))
        var device = DeviceConfig(id: id ?? "")
        device.network = network
        apply(object, "online", to: &device.online, as: .bool)
        if let clock = object["clock"] { device.clock = self.clock(clock, over: device.clock) }
        if let link = object["network"] { device.network = self.network(link, over: device.network) }
        if let sync = object["sync"] { device.sync = self.sync(sync, over: device.sync) }
        if let client = object["client"] { device.client = self.client(client, over: device.client) }
        apply(object, "choice", to: &device.choice, as: .oneOf)
        guard id != nil, let idNode = object["id"] else { return nil }
        return (device, idNode.path)
    }

    /// `clock`, merged over `base`.
    private mutating func clock(_ node: DocumentNode, over base: ClockConfig) -> ClockConfig {
        var clock = base
        guard let object = object(node, keys: ["skew", "drift"]) else { return clock }
        apply(object, "skew", to: &clock.skew, as: .duration(in: ScenarioBounds.skew))
        apply(object, "drift", to: &clock.driftPPM, as: .drift)
        return clock
    }

    /// `sync`, merged over `base`.
    private mutating func sync(_ node: DocumentNode, over base: SyncConfig) -> SyncConfig {
        var sync = base
        guard let object = object(node, keys: ["interval", "afterEdit", "onForeground", "push"]) else { return sync }
        apply(object, "interval", to: &sync.interval, as: .duration(in: ScenarioBounds.positiveOrForever))
        apply(object, "afterEdit", to: &sync.afterEdit, as: .duration(in: ScenarioBounds.nonNegative))
        apply(object, "onForeground", to: &sync.onForeground, as: .bool)
        apply(object, "push", to: &sync.push, as: .bool)
        return sync
    }

    /// `client`, merged over `base`.
    private mutating func client(_ node: DocumentNode, over base: ClientConfig) -> ClientConfig {
        let keys = ["deletes", "idempotencyKeys", "clearDirty", "onRateLimit", "onTokenExpired", "reconcileOnRefetch",
                    "onUnknownItem", "retry"]
        var client = base
        guard let object = object(node, keys: keys) else { return client }
        apply(object, "deletes", to: &client.deletes, as: .oneOf)
        apply(object, "idempotencyKeys", to: &client.idempotencyKeys, as: .bool)
        apply(object, "clearDirty", to: &client.clearDirty, as: .oneOf)
        apply(object, "onRateLimit", to: &client.onRateLimit, as: .oneOf)
        apply(object, "onTokenExpired", to: &client.onTokenExpired, as: .oneOf)
        apply(object, "reconcileOnRefetch", to: &client.reconcileOnRefetch, as: .bool)
        apply(object, "onUnknownItem", to: &client.onUnknownItem, as: .oneOf)
        if let retry = object["retry"] { retryBackoff(retry, into: &client) }
        return client
    }

    /// `client.retry`: `base` and `max` merged over the client's, with `max >= base`.
    private mutating func retryBackoff(_ node: DocumentNode, into client: inout ClientConfig) {
        guard let object = object(node, keys: ["base", "max"]) else { return }
        var merged = client
        let span = ValueReader<SimDuration>.duration(in: ScenarioBounds.positive)
        let before = self.issueCount
        apply(object, "base", to: &merged.retryBase, as: span)
        apply(object, "max", to: &merged.retryMax, as: span)
        guard issueCount == before else { return }
        if merged.retryMax < merged.retryBase, let culprit = object["max"] ?? object["base"] {
            let expected = object["max"] == nil
                ? "a duration of at most \"max\" (\(merged.retryMax))"
                : "a duration of at least \"base\" (\(merged.retryBase))"
            mismatch(culprit, expected: expected)
            return
        }
        client = merged
    }
}
