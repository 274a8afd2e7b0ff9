/// A small map from interned-name pointers to values, for the parser's per-name lookups.
///
/// libxml2 interns element and attribute names in its context's dictionary, so while that
/// dictionary lives the same name always arrives at the same address. A fixed open-addressing
/// table keyed by that address avoids hashing on every start tag; past half full (hostile input
/// with thousands of distinct names) new entries go to an ordinary dictionary, so memory stays
/// proportional to the names.
///
/// The table holds only plain data (the keys, and each key's index into a dense array of the
/// values): one is made for every parse, and an array of optional values would cost a generic
/// destroy of every slot when the parse ends.
struct PointerCache<Value> {
    private static var capacity: Int { 256 }
    /// Empty until the first insert (many parses never insert into one of the caches).
    private var keys: [UnsafeRawPointer?] = []
    private var slots: [UInt8] = []
    private var values: [Value] = []
    private var overflow: [UnsafeRawPointer: Value] = [:]

    private func slot(_ key: UnsafeRawPointer) -> Int {
        let bits = UInt(bitPattern: key)
        return Int(truncatingIfNeeded: (bits >> 3) ^ (bits >> 11)) & (Self.capacity - 1)
    }

    func value(for key: UnsafeRawPointer) -> Value? {
        guard !keys.isEmpty else { return nil }
        var index = slot(key)
        while let stored = keys[index] {
            if stored == key { return values[Int(slots[index])] }
            index = (index + 1) & (Self.capacity - 1)
        }
        return overflow.isEmpty ? nil : overflow[key]
    }

    /// Whether entries went past the table into the dictionary (a document of many distinct names).
    var overflowed: Bool { !overflow.isEmpty }

    /// Forgets every entry, keeping the tables (for another context's names: see
    /// ``VASTModelBuilder/Scratch``).
    mutating func removeAll() {
        guard !values.isEmpty else { return }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
        values.removeAll(keepingCapacity: true)
        if !overflow.isEmpty { overflow = [:] }
    }

    mutating func insert(_ value: Value, for key: UnsafeRawPointer) {
        guard values.count < Self.capacity / 2 else {
            overflow[key] = value
            return
        }
        if keys.isEmpty {
            keys = [UnsafeRawPointer?](repeating: nil, count: Self.capacity)
            slots = [UInt8](repeating: 0, count: Self.capacity)
            values.reserveCapacity(Self.capacity / 8)
        }
        var index = slot(key)
        while keys[index] != nil { index = (index + 1) & (Self.capacity - 1) }
        keys[index] = key
        slots[index] = UInt8(values.count)
        values.append(value)
    }
}
