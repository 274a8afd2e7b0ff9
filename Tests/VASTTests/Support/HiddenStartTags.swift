/// Documents that make libxml2 2.9 work hard in ways the attribute pre-scan does not see: a start tag
/// with a huge attribute list or namespace declarations behind markup libxml2 recovers from, and many
/// visible tags each just under a raised attribute cap.
enum HiddenStartTags {
    /// Markup that libxml2 reports and reads past, but that makes the pre-scan skip what follows.
    enum Trick: String, CaseIterable, CustomStringConvertible {
        /// `<!` that starts nothing: the pre-scan skips to the next `>`, the end of the hidden tag.
        case bang = "<! "
        /// A processing instruction with no target: the pre-scan skips to a `?>` that never comes.
        case targetlessPI = "<? "
        /// A stray quote in an end tag: the pre-scan reads the rest as a quoted value that never closes.
        case strayQuote = "<Ad></Ad '>"

        var description: String {
            switch self {
            case .bang: "a <! that starts nothing"
            case .targetlessPI: "a processing instruction without a target"
            case .strayQuote: "a stray quote in an end tag"
            }
        }
    }

    /// A short distinct name for each index: a, b, ..., z, ba, bb, ...
    static func name(_ index: Int) -> String {
        var index = index
        var name = ""
        repeat {
            name.insert(Character(Unicode.Scalar(UInt8(97 + index % 26))), at: name.startIndex)
            index /= 26
        } while index > 0
        return name
    }

    /// `count` attributes with distinct names and empty values.
    static func attributes(_ count: Int) -> String {
        (0..<count).map { " \(name($0))=\"\"" }.joined()
    }

    /// `count` namespace declarations with distinct prefixes and URIs.
    static func namespaces(_ count: Int, from start: Int = 0) -> String {
        (start..<(start + count)).map { " xmlns:\(name($0))=\"urn:x:\($0)\"" }.joined()
    }

    /// A VAST root holding `trick`, then `<Ad` with `inside` (attributes or declarations), on line 3.
    static func document(_ trick: Trick, _ inside: String) -> [UInt8] {
        Array(
            (#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<VAST version=\"4.2\">\n" + trick.rawValue + "<Ad"
                + inside + "/>\n</VAST>\n").utf8)
    }

    /// `tags` visible unknown elements, each with `attributes` attributes: quadratic work for libxml2
    /// at every tag, under a cap raised to let them through.
    static func slowTags(_ tags: Int, attributes: Int) -> [UInt8] {
        let tag = "<Slow" + Self.attributes(attributes) + "/>\n"
        return Array(
            (#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<VAST version=\"4.2\">\n"
                + String(repeating: tag, count: tags) + "</VAST>\n").utf8)
    }

    /// Elements nested `depth` deep, each declaring `perLevel` namespaces of its own.
    static func nestedNamespaces(depth: Int, perLevel: Int) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<VAST version=\"4.2\">\n"
        for level in 0..<depth { text += "<N\(namespaces(perLevel, from: level * perLevel))>" }
        for _ in 0..<depth { text += "</N>" }
        return Array((text + "\n</VAST>\n").utf8)
    }
}
