/// A running FNV-1a style hash of popped (time, sequence) pairs: equal digests mean the same pops in the same order.
package struct OrderDigest: Equatable {
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    package mutating func add(time: Int64, sequence: UInt64) {
        value = (value ^ UInt64(bitPattern: time)) &* 0x0000_0100_0000_01B3
        value = (value ^ sequence) &* 0x0000_0100_0000_01B3
    }
}
