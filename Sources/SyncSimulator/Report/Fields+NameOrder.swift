extension Fields {
    /// Calls `body` with each field in name order. A record's few fields are ordered by their indices in a small
    /// buffer on the stack rather than in a sorted array; a record with many is sorted as usual.
    func forEachSortedByName(_ body: (String, FieldValue) -> Void) {
        guard count > 1 else {
            for (name, value) in self { body(name, value) }
            return
        }
        guard count <= 16 else {
            for (name, value) in sorted(by: { $0.key < $1.key }) { body(name, value) }
            return
        }
        withUnsafeTemporaryAllocation(of: Index.self, capacity: count) { order in
            let start = order.baseAddress!
            var filled = 0
            var index = startIndex
            while index != endIndex {
                var slot = filled
                while slot > 0, self[index].key < self[start[slot - 1]].key { slot -= 1 }
                (start + slot + 1).moveInitialize(from: start + slot, count: filled - slot)
                (start + slot).initialize(to: index)
                filled += 1
                formIndex(after: &index)
            }
            for offset in 0..<filled {
                let field = self[start[offset]]
                body(field.key, field.value)
            }
            start.deinitialize(count: filled)
        }
    }
}
