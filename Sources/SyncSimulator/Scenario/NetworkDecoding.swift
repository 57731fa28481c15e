extension ScenarioDecoder {
    /// `network` or `devices[].network`, merged key by key over `base`.
    mutating func network(_ node: DocumentNode, over base: NetworkConfig) -> NetworkConfig {
        var network = base
        guard let object = object(node, keys: ["latency", "requestLoss", "responseLoss", "duplicate", "timeout"])
        else { return network }
        if let latency = object["latency"], let (low, high) = self.latency(latency) {
            network.latencyMin = low
            network.latencyMax = high
        }
        apply(object, "requestLoss", to: &network.requestLoss, as: .probability)
        apply(object, "responseLoss", to: &network.responseLoss, as: .probability)
        apply(object, "duplicate", to: &network.duplicate, as: .probability)
        apply(object, "timeout", to: &network.timeout, as: .duration(in: ScenarioBounds.positive))
        return network
    }

    /// `latency`: one duration for both bounds, or `{"min": …, "max": …}` with `min <= max`.
    private mutating func latency(_ node: DocumentNode) -> (SimDuration, SimDuration)? {
        let one = ValueReader<SimDuration>.duration(in: ScenarioBounds.latency)
        guard case .object = node.value else { return read(node, as: one).map { ($0, $0) } }
        guard let object = object(node, keys: ["min", "max"]) else { return nil }
        let low = require(object, "min", as: one)
        let high = require(object, "max", as: one)
        guard let low, let high, let highNode = object["max"] else { return nil }
        guard low <= high else {
            mismatch(highNode, expected: "a duration of at least \"min\" (\(low))")
            return nil
        }
        return (low, high)
    }
}
