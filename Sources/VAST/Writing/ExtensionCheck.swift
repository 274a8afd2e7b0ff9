/// Checks an extension before it is written: its attributes and raw XML, put inside an
/// `<Extension>` of an otherwise empty document, must read back through ``VASTParser`` as that one
/// extension with the same attributes and nothing else.
///
/// Raw XML is the one value the writer copies without escaping, so this is what keeps a model's
/// extension from making the output malformed (an unclosed element, an undeclared namespace
/// prefix) or from adding elements outside the extension (`</Extension></Extensions><Impression>…`).
/// Parsed models pass unless the extension used a namespace prefix declared outside it: the parser
/// keeps no declarations but those on the extension's own descendants.
enum ExtensionCheck {
    /// Throws when the extension would not read back whole: `VASTWriteError.Code.unrepresentableCharacter`
    /// for a character XML cannot hold, `VASTWriteError.Code.invalidExtension` for the rest.
    static func check(
        type: String?, attributes: [(name: String, value: String)], rawXML: String, version: VASTVersion,
        location: String
    ) throws(VASTWriteError) {
        if let problem = try problem(
            type: type, attributes: attributes, rawXML: rawXML, version: version,
            location: location)
        {
            throw VASTWriteError(.invalidExtension, problem, at: location)
        }
    }

    private static func problem(
        type: String?, attributes: [(name: String, value: String)], rawXML: String,
        version: VASTVersion, location: String
    ) throws(VASTWriteError) -> String? {
        var probe = XMLOutput()
        var rootAttributes = XMLAttributes()
        rootAttributes.set("version", version.rawValue)
        rootAttributes.set("xmlns", version.isVAST4 ? "http://www.iab.com/VAST" : nil)
        do {
            try probe.open(.vast, rootAttributes)
            try probe.open(.ad)
            try probe.open(.inLine)
            try probe.open(.extensions)
            try probe.verbatim(.extensionElement, attributes: attributes, content: rawXML)
        } catch {
            throw VASTWriteError(error.code, error.message, at: location)
        }
        for _ in 0..<4 { probe.close() }
        let bytes = Array(probe.document.utf8)
        let limits = VASTParser.Limits(maxBytes: max(VASTParser.Limits.default.maxBytes, bytes.count))
        let document: VASTDocument
        do {
            document = try VASTParser(limits: limits).parse(bytes).document
        } catch {
            let hint =
                error.message.contains("amespace prefix")
                ? "; a namespace prefix must be declared inside the extension "
                    + "(the model keeps no declaration made outside it)"
                : ""
            return "its XML is not well-formed inside <Extension> (\(error.message))" + hint
        }
        guard document.errors.isEmpty, document.ads.count == 1,
            let read = document.ads[0].inLine?.common.extensions.first
        else { return "its XML closes the <Extension> element early" }
        var expected = VASTInLine()
        expected.common.extensions = [read]
        guard document.ads == [VASTAd(content: .inLine(expected))] else {
            return "its XML closes the <Extension> element early"
        }
        guard read.attributes.map({ [$0.name, $0.value] }) == attributes.map({ [$0.name, $0.value] }) else {
            return "its attributes do not read back as written "
                + "(a duplicate or prefixed name, or one that is not an XML name)"
        }
        guard read.type == type else {
            return "its type (\(type ?? "none")) and its type attribute (\(read.type ?? "none")) disagree"
        }
        return nil
    }
}
