extension UnsafeBufferPointer {
    /// The element at `index`, to read in place. An element read through the subscript, or through an array's, is
    /// copied whole first when it holds references, even to read one of its fields: each retained and released again.
    func inPlace(_ index: Int) -> UnsafePointer<Element> {
        precondition(indices.contains(index), "index out of range")
        return baseAddress! + index
    }
}
