import AdPlacement
import FoundationEssentials

extension GetAdCommand {
    /// Why a settings, request or presentation document was refused, in words: the field and what is
    /// wrong with it, never the decoder's debugging dump.
    static func describe(_ error: any Error) -> String {
        if let request = error as? AdRequestError { return request.description }
        guard let decoding = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text.isEmpty ? "the document" : text
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)) must be \(Self.noun(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) must be \(Self.noun(type)), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decoding)
        }
    }

    private static func noun(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "a \(type)".replacing("Swift.", with: "")
        }
    }
}
