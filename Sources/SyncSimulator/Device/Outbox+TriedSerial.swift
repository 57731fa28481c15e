extension Outbox {
    /// A change's serial as a set of those tried in a sync holds it: hashed by a multiply and a shift, where an `Int`
    /// runs the full string-strength hasher for each insert and lookup.
    struct TriedSerial: Hashable, ExpressibleByIntegerLiteral {
        let serial: Int

        init(_ serial: Int) { self.serial = serial }

        init(integerLiteral serial: Int) { self.init(serial) }

        func hash(into hasher: inout Hasher) { hasher.combine(serial) }

        /// The serial mixed so that every bit of it reaches the low bits a table indexes by.
        func _rawHashValue(seed: Int) -> Int {
            let mixed = (serial ^ seed) &* -7_046_029_254_386_353_131
            return mixed ^ (mixed >> 29)
        }
    }
}
