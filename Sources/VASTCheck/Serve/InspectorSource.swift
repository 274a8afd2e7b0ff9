import AdErrors
import FoundationEssentials

/// What a page's request names: a tag URL or a document's bytes, read from `{"source": "..."}`.
enum InspectorSource: Sendable {
    /// An `http` or `https` tag URL.
    case url(String)
    /// The XML itself (pasted, or a dropped file's text).
    case document([UInt8])

    /// Reads `{"source": "..."}`; `nil` when the body is not that, or the source is neither a URL nor XML.
    init?(json body: [UInt8]) {
        guard let text = InspectorJSON.string("source", in: body) else { return nil }
        self.init(text)
    }

    /// A tag URL (`http://` or `https://`, no spaces) or a document (its first character, past white space
    /// and a byte order mark, is `<`).
    init?(_ text: String) {
        let trimmed = text.trimmingSpacesAndNewlines(alsoTrimming: "\u{FEFF}")
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard !trimmed.contains(where: \.isWhitespace) else { return nil }
            self = .url(trimmed)
        } else if trimmed.hasPrefix("<") {
            self = .document(Array(text.utf8))
        } else {
            return nil
        }
    }

    /// The source as a command-line argument (`-` for a document) and what `-` reads.
    var argument: (name: String, input: [UInt8]) {
        switch self {
        case .url(let url): (url, [])
        case .document(let bytes): ("-", bytes)
        }
    }

    /// True for a tag URL.
    var isURL: Bool {
        if case .url = self { return true }
        return false
    }
}

/// The few reads of a request's JSON body the routes need.
enum InspectorJSON {
    /// The object of `body`, or `nil` when it is not a JSON object.
    static func object(_ body: [UInt8]) -> [String: Any]? {
        JSONObjectReader.object(body)
    }

    /// The string member `name` of the object in `body`.
    static func string(_ name: String, in body: [UInt8]) -> String? {
        object(body)?[name] as? String
    }
}
