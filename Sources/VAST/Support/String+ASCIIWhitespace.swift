extension Substring {
    /// The text without leading and trailing ASCII whitespace (space, tab, CR, LF), the only
    /// padding XML text nodes carry around URLs and values.
    func trimmingASCIIWhitespace() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !$0.isASCIIWhitespace }),
            let last = bytes.lastIndex(where: { !$0.isASCIIWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// The text without leading and trailing ASCII whitespace (space, tab, CR, LF).
    func trimmingASCIIWhitespace() -> String {
        guard let first = utf8.first, let last = utf8.last,
            first.isASCIIWhitespace || last.isASCIIWhitespace
        else { return self }
        return self[...].trimmingASCIIWhitespace()
    }
}

extension UInt8 {
    /// Space, tab, line feed or carriage return.
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
