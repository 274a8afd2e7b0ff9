internal import CLibXML2

/// Re-serialises the SAX events inside an `<Extension>` as XML text, so extensions reach the
/// caller whole although the engine does not interpret them.
///
/// Attribute values and text are escaped; CDATA sections are written back as CDATA. Every
/// element gets an explicit end tag.
struct RawXMLWriter {
    private var bytes: [UInt8] = []
    /// Scratch space for one decoded attribute value.
    private var value: [UInt8] = []

    /// The XML written so far.
    var result: String { String(decoding: bytes, as: UTF8.self) }

    mutating func start(
        localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
        namespaces: SAXNamespaces, attributes: SAXAttributes
    ) {
        bytes.append(0x3C)
        appendName(localname, prefix: prefix)
        for index in 0..<namespaces.count {
            bytes.append(contentsOf: Array(" xmlns".utf8))
            if let namespacePrefix = namespaces.prefix(at: index) {
                bytes.append(0x3A)
                appendCString(namespacePrefix)
            }
            bytes.append(contentsOf: Array("=\"".utf8))
            if let uri = namespaces.uri(at: index) { appendEscaped(cString: uri) }
            bytes.append(0x22)
        }
        for index in 0..<attributes.count {
            guard let name = attributes.localname(at: index) else { continue }
            bytes.append(0x20)
            appendName(name, prefix: attributes.prefix(at: index))
            bytes.append(0x3D)
            bytes.append(0x22)
            var used = 0
            attributes.appendValue(at: index, to: &value, used: &used)
            value.withUnsafeBufferPointer { appendEscaped(UnsafeBufferPointer(rebasing: $0[..<used]), quotes: true) }
            bytes.append(0x22)
        }
        bytes.append(0x3E)
    }

    mutating func end(localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        bytes.append(contentsOf: [0x3C, 0x2F])
        appendName(localname, prefix: prefix)
        bytes.append(0x3E)
    }

    mutating func text(_ text: UnsafeBufferPointer<UInt8>, cdata: Bool) {
        if cdata {
            bytes.append(contentsOf: Array("<![CDATA[".utf8))
            bytes.append(contentsOf: text)
            bytes.append(contentsOf: Array("]]>".utf8))
        } else {
            appendEscaped(text, quotes: false)
        }
    }

    private mutating func appendName(_ localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        if let prefix {
            appendCString(prefix)
            bytes.append(0x3A)
        }
        appendCString(localname)
    }

    private mutating func appendCString(_ text: UnsafePointer<xmlChar>) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
    }

    private mutating func appendEscaped(cString: UnsafePointer<xmlChar>) {
        appendEscaped(UnsafeBufferPointer(start: cString, count: Int(xmlStrlen(cString))), quotes: true)
    }

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, quotes: Bool) {
        XMLEscaping.append(text, in: quotes ? .attribute : .text, to: &bytes)
    }
}
