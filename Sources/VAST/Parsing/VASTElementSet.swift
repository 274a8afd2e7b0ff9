/// A set of ``VASTElement`` values as a bit mask (the enum has fewer than 128 cases).
struct VASTElementSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    mutating func insert(_ element: VASTElement) {
        let bit = Int(element.rawValue)
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    func contains(_ element: VASTElement) -> Bool {
        let bit = Int(element.rawValue)
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
}
