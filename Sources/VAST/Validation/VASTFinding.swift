/// One thing the parser or validator noticed about a document.
///
/// Findings never stop a parse; a document is invalid when it has an ``Severity/error``
/// finding (and, with strict checking, a warning).
public struct VASTFinding: Sendable, Hashable, CustomStringConvertible {
    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        /// Worth knowing; players do not care.
        case info
        /// Off the spec but accepted by players.
        case warning
        /// Breaks the ad: players reject or misplay it.
        case error

        private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of rule a finding comes from.
    public enum Category: String, Sendable, Hashable {
        /// The ad's content: missing required parts, bad values, broken URLs.
        case content
        /// What only the IAB XML schema cares about (namespace, child order, unknown elements);
        /// players tolerate these.
        case schema
        /// Messy input that was accepted the way players accept it.
        case tolerance
    }

    /// The severity.
    public var severity: Severity
    /// The rule's category.
    public var category: Category
    /// A stable rule identifier, for example `required-element` (see ``VASTRuleCatalog``).
    public var rule: String
    /// A finer identifier within ``rule`` for the one check that fired, for example
    /// `required-element.Creative.UniversalAdId`, so that one check can be disabled or re-graded
    /// alone; `nil` when the rule has no finer checks. Also in ``VASTRuleCatalog``.
    public var subrule: String?
    /// What is wrong and what to do, for a person.
    public var message: String
    /// Where: a path such as `/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`.
    public var location: String
    /// The line in the document, when known: that of the start tag of the element the finding is about
    /// (or of the last element started when the finding is made at an end tag).
    public var line: Int?
    /// The column of that start tag's `<` on ``line`` (1-based, in characters), when known.
    public var column: Int?
    /// The IAB error code a player would report for this, when one applies.
    public var vastErrorCode: VASTErrorCode?

    /// Creates a finding.
    public init(
        severity: Severity, category: Category, rule: String, message: String, location: String,
        line: Int? = nil, vastErrorCode: VASTErrorCode? = nil, subrule: String? = nil, column: Int? = nil
    ) {
        self.severity = severity
        self.category = category
        self.rule = rule
        self.subrule = subrule
        self.message = message
        self.location = location
        self.line = line
        self.column = column
        self.vastErrorCode = vastErrorCode
    }

    public var description: String { "\(severity.rawValue) \(rule) at \(location): \(message)" }
}
