/// A change's serial as a key of a table: hashed by a multiply and a shift, where an `Int` runs the full
/// string-strength hasher for each insert and lookup. Serials are a device's own numbers, never an attacker's.
struct SerialKey: Hashable, ExpressibleByIntegerLiteral {
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
