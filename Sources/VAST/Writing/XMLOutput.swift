/// The text of one XML document as it is written: start and end tags indented two spaces per
/// level, leaf values on the line of their element, and the location of the element being
/// written (for ``VASTWriteError``), spelled as the parser spells finding locations.
///
/// Escaping: `&`, `<` and `>` everywhere, and in attribute values also `"` and tab, newline and
/// carriage return as character references (a reader would turn those into spaces). A carriage
/// return in text is written `&#13;` (a reader turns a literal one into a newline). Characters
/// XML 1.0 cannot hold are refused.
struct XMLOutput {
    /// How a leaf's text is written.
    enum TextStyle {
        /// Escaped text.
        case plain
        /// A URI: in one CDATA section, so that `&` in query strings stays readable; escaped text
        /// when it holds `]]>` (which would end the section) or a carriage return.
        case url
        /// Markup or JSON (HTMLResource, AdParameters): CDATA when it holds `<`, `>` or `&`.
        case markup
    }

    private struct Frame {
        let name: String
        let location: String
        var childCounts: [String: Int] = [:]
        var startTagOpen = true
    }

    private(set) var text = #"<?xml version="1.0" encoding="UTF-8"?>"#
    private var frames: [Frame] = []

    /// Where the innermost open element is, or `/` before the root.
    var location: String { frames.last?.location ?? "/" }

    /// Where the next `element` written would be.
    func location(ofNext element: VASTElement) -> String {
        guard let parent = frames.last else { return "/" + element.name }
        let index = (parent.childCounts[element.name] ?? 0) + 1
        return parent.location + "/" + element.name + (element.isRepeatable ? "[\(index)]" : "")
    }

    /// Opens a container element; its children follow on the next lines.
    mutating func open(_ element: VASTElement, _ attributes: XMLAttributes = XMLAttributes()) throws(VASTWriteError) {
        try startTag(element.name, attributes, repeatable: element.isRepeatable)
    }

    /// Closes the innermost element: `/>` when nothing was written inside it.
    mutating func close() {
        guard let frame = frames.popLast() else { return }
        if frame.startTagOpen {
            text += "/>"
        } else {
            text += "\n" + indent + "</\(frame.name)>"
        }
    }

    /// An element whose content is `value`: `<Name attributes>value</Name>` on one line.
    mutating func leaf(
        _ element: VASTElement, _ attributes: XMLAttributes = XMLAttributes(), _ value: String,
        style: TextStyle
    ) throws(VASTWriteError) {
        try startTag(element.name, attributes, repeatable: element.isRepeatable)
        if !value.isEmpty {
            frames[frames.count - 1].startTagOpen = false
            text += ">"
            try appendText(value, style: style)
            text += "</\(element.name)>"
        }
        popLeaf()
    }

    /// An element written whole from its parts: start tag, then `content` exactly as given (the
    /// raw XML of an extension), then the end tag, with no whitespace added inside.
    mutating func verbatim(
        _ element: VASTElement, attributes: [(name: String, value: String)],
        content: String
    ) throws(VASTWriteError) {
        var written = XMLAttributes()
        for attribute in attributes { written.set(attribute.name, attribute.value) }
        try startTag(element.name, written, repeatable: element.isRepeatable)
        try check(content, what: "the extension's XML")
        frames[frames.count - 1].startTagOpen = false
        text += ">" + content + "</\(element.name)>"
        popLeaf()
    }

    /// The document's text, ending with a newline.
    var document: String { text + "\n" }

    // MARK: Tags

    private var indent: String { String(repeating: "  ", count: frames.count) }

    private mutating func startTag(_ name: String, _ attributes: XMLAttributes, repeatable: Bool)
        throws(VASTWriteError)
    {
        var location = frames.last?.location ?? ""
        if let parent = frames.indices.last {
            if frames[parent].startTagOpen {
                frames[parent].startTagOpen = false
                text += ">"
            }
            let index = (frames[parent].childCounts[name] ?? 0) + 1
            frames[parent].childCounts[name] = index
            location += "/" + name + (repeatable ? "[\(index)]" : "")
        } else {
            location = "/" + name
        }
        frames.append(Frame(name: name, location: location))
        if let problem = attributes.problem { throw VASTWriteError(.valueOutOfRange, problem, at: location) }
        text += "\n" + String(repeating: "  ", count: frames.count - 1) + "<" + name
        for attribute in attributes.items {
            text += " " + attribute.name + "=\""
            try appendEscaped(attribute.value, attribute: true, what: "attribute \(attribute.name)")
            text += "\""
        }
    }

    /// Pops a leaf written on one line (its end tag, if any, is already written).
    private mutating func popLeaf() {
        guard let frame = frames.popLast() else { return }
        if frame.startTagOpen { text += "/>" }
    }

    // MARK: Text

    private mutating func appendText(_ value: String, style: TextStyle) throws(VASTWriteError) {
        let cdata: Bool
        switch style {
        case .plain: cdata = false
        case .url: cdata = true
        case .markup: cdata = value.utf8.contains { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 }
        }
        if cdata && !value.contains("]]>") && !value.utf8.contains(0x0D) {
            try check(value, what: "the text")
            text += "<![CDATA[" + value + "]]>"
        } else {
            try appendEscaped(value, attribute: false, what: "the text")
        }
    }

    private mutating func appendEscaped(_ value: String, attribute: Bool, what: String) throws(VASTWriteError) {
        try check(value, what: what)
        text += XMLEscaping.escaped(value, in: attribute ? .attribute : .text)
    }

    /// Refuses characters outside XML 1.0's `Char` production (control characters other than tab,
    /// newline and carriage return, U+FFFE, U+FFFF), naming the first one.
    private func check(_ value: String, what: String) throws(VASTWriteError) {
        guard let scalar = XMLEscaping.firstUnrepresentable(in: value) else { return }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        throw VASTWriteError(
            .unrepresentableCharacter,
            "\(what) holds \(name), which XML 1.0 cannot carry (not even as a character reference); "
                + "remove it from the value",
            at: location)
    }
}
