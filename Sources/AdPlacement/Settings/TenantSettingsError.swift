public import AdErrors

/// Why tenant settings were rejected: every problem found, each naming the field it is about.
///
/// Fields are written as paths from the document's root, for example
/// `placements.clipsBottomBanner.caps.everyItems` or `placements.clipsPreRoll.sources[1].timeoutMs`;
/// `document` stands for the whole document (for example when it is not JSON).
public struct TenantSettingsError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == TenantSettingsError` below.
    public typealias Code = ErrorCode<TenantSettingsError>

    /// Which reason this is: ``Code`` `invalidSettings` for every error today (``issues`` says which fields).
    public var code: Code { .invalidSettings }

    /// One problem with one field.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// The JSON path of the field, for example `placements.clipsBottomBanner.caps.everyItems`.
        public var field: String
        /// What is wrong, phrased to follow the field: `must be at least 1`.
        public var problem: String

        /// Creates an issue.
        public init(field: String, problem: String) {
            self.field = field
            self.problem = problem
        }

        /// The field and the problem as one sentence.
        public var description: String { "\(field) \(problem)" }
    }

    /// The problems, in document order; never empty.
    public var issues: [Issue]

    /// Creates an error from its issues.
    public init(issues: [Issue]) {
        self.issues = issues
    }

    /// Creates an error with one issue.
    init(field: String, problem: String) {
        self.init(issues: [Issue(field: field, problem: problem)])
    }

    /// Every issue, separated by `; `.
    public var message: String { issues.map(\.description).joined(separator: "; ") }

    /// Every issue, separated by `; `.
    public var description: String { message }
}

extension ErrorCode where Domain == TenantSettingsError {
    /// The settings are not valid JSON of the settings' shape, or a field is out of its range.
    public static let invalidSettings = Self("invalidSettings")
}

extension TenantSettingsError {
    /// A JSON path written as in ``Issue/field``: keys joined by dots, array indexes in brackets.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result.isEmpty ? "document" : result
    }

    /// The same problem, told in terms of the settings document.
    static func from(_ error: DecodingError) -> TenantSettingsError {
        switch error {
        case .typeMismatch(let type, let context):
            return TenantSettingsError(field: path(context.codingPath), problem: "must be \(describe(type))")
        case .valueNotFound(let type, let context):
            return TenantSettingsError(field: path(context.codingPath), problem: "must be \(describe(type)), not null")
        case .keyNotFound(let key, let context):
            return TenantSettingsError(field: path(context.codingPath + [key]), problem: "is missing")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let detail =
                (context.underlyingError as? any CustomStringConvertible)?.description ?? context.debugDescription
            return TenantSettingsError(field: "document", problem: "is not valid JSON (\(detail))")
        case .dataCorrupted(let context):
            return TenantSettingsError(
                field: path(context.codingPath), problem: "is invalid (\(context.debugDescription))")
        @unknown default:
            return TenantSettingsError(field: "document", problem: "could not be read (\(error))")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }
}
