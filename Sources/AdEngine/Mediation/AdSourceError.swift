public import AdErrors

/// Why a list of ``AdSource`` values cannot be mediated. It names the first bad field.
public struct AdSourceError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == AdSourceError` below.
    public typealias Code = ErrorCode<AdSourceError>

    /// Which reason this is: ``Code`` `invalidSource` for every error today (``field`` says which).
    public var code: Code { .invalidSource }
    /// The bad field as a path into the list, for example `sources[2].timeout`.
    public var field: String
    /// What is wrong and what to do, for a person.
    public var message: String

    /// Creates an error.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

extension AdSource {
    /// Checks a source list: at least one source, names non-empty and unique, tiers 0 or more,
    /// timeouts more than zero, tag templates `http(s)` URLs and documents non-empty.
    ///
    /// - Parameter sources: the list, in the order the mediation will see it.
    /// - Throws: ``AdSourceError`` naming the first bad field, in list order.
    public static func validate(_ sources: [AdSource]) throws(AdSourceError) {
        guard !sources.isEmpty else {
            throw AdSourceError(field: "sources", message: "no ad source: give at least one")
        }
        var seen: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            // Formatted only for an error: a valid list (every call's) costs no string work.
            var path: String { "sources[\(index)]" }
            if source.name.isEmpty {
                throw AdSourceError(field: "\(path).name", message: "empty name: every source needs one for the report")
            }
            if let first = seen[source.name] {
                throw AdSourceError(
                    field: "\(path).name",
                    message: "duplicate name \"\(source.name)\" (also sources[\(first)]): names must be unique")
            }
            seen[source.name] = index
            if source.tier < 0 {
                throw AdSourceError(field: "\(path).tier", message: "tier \(source.tier) is negative: use 0 or more")
            }
            if source.timeout <= .zero {
                throw AdSourceError(field: "\(path).timeout", message: "timeout \(source.timeout) is not positive")
            }
            switch source.kind {
            case .tag(let template):
                let scheme = template.prefix(8).lowercased()
                if !(scheme.hasPrefix("http://") || scheme.hasPrefix("https://")) {
                    throw AdSourceError(
                        field: "\(path).kind",
                        message: "tag template \"\(template)\" is not an http or https URL")
                }
            case .document(let xml):
                if xml.isEmpty {
                    throw AdSourceError(field: "\(path).kind", message: "the document is empty")
                }
            }
        }
    }
}

extension ErrorCode where Domain == AdSourceError {
    /// A source's field is missing, empty, out of range or not of its kind.
    public static let invalidSource = Self("invalidSource")
}
