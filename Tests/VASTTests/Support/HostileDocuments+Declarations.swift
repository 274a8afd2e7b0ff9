extension HostileDocuments {
    /// The UTF-7 attribute flood of issue 9: `padding` spaces between the declaration's version
    /// and its `encoding="UTF-7"` (past where a 200-character look stops), then a `<VAST>` start
    /// tag whose `=` and `"` are UTF-7 base64 runs, with attributes until the document reaches
    /// `targetBytes`. libxml2 decodes it and runs its quadratic duplicate-attribute check.
    static func paddedUTF7AttributeFlood(padding: Int, targetBytes: Int) -> [UInt8] {
        var text = #"<?xml version="1.0""# + String(repeating: " ", count: padding) + #"encoding="UTF-7"?>"#
        text += "\n<VAST version+AD0AIg-4.2+ACI-"
        text.reserveCapacity(targetBytes + 64)
        var index = 0
        while text.utf8.count < targetBytes {
            text += " \(shortName(index))+AD0AIgAi-"
            index += 1
        }
        text += "></VAST>"
        return Array(text.utf8)
    }
}
