internal import CLibXML2

/// Re-serialises the SAX events inside an `<Extension>` as XML text, so extensions reach the
/// caller whole although the engine does not interpret them.
///
/// Attribute values and text are escaped; CDATA sections are written back as CDATA. Every
/// element gets an explicit end tag.
///
/// One writer serves every extension of a parse, and its buffers are kept with the builder's other
/// working arrays between parses (``VASTModelBuilder/Scratch``): ``reset()`` empties them and keeps
/// their room, so an extension's XML is written without growing a new buffer step by step (the
/// 5 KB sample's extensions took ten allocations for it).
struct RawXMLWriter {
    private var bytes: [UInt8]
    /// Scratch space for one decoded attribute value.
    private var value: [UInt8] = []

    /// A writer with room for `capacity` bytes of XML.
    init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The XML written since the last ``reset()``.
    var result: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes of room the buffers hold.
    var capacity: Int { bytes.capacity + value.capacity }

    /// Forgets what was written, keeping the room.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func start(
        localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
        namespaces: SAXNamespaces, attributes: SAXAttributes
    ) {
        bytes.append(0x3C)
        appendName(localname, prefix: prefix)
        for index in 0..<namespaces.count {
            appendLiteral(" xmlns")
            if let namespacePrefix = namespaces.prefix(at: index) {
                bytes.append(0x3A)
                appendCString(namespacePrefix)
            }
            appendLiteral("=\"")
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
        appendLiteral("</")
        appendName(localname, prefix: prefix)
        bytes.append(0x3E)
    }

    mutating func text(_ text: UnsafeBufferPointer<UInt8>, cdata: Bool) {
        if cdata {
            appendLiteral("<![CDATA[")
            bytes.append(contentsOf: text)
            appendLiteral("]]>")
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

    private mutating func appendLiteral(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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
