/// One validation rule, as data: what it checks, where the IAB text asks for it, and an example of
/// a document that breaks it and one that does not.
///
/// Every ``VASTFinding`` names a rule by ``VASTFinding/rule`` (a family such as `required-element`)
/// and, for families with finer checks, ``VASTFinding/subrule`` (such as
/// `required-element.Creative.UniversalAdId`, whose ``parent`` is the family). Both are in
/// ``VASTRuleCatalog/all``, so a tool can list the rules, disable one, or change its severity by id.
public struct VASTRule: Sendable, Hashable, Identifiable {
    /// Which part of the engine reports a rule's findings.
    public enum Origin: String, Sendable, Hashable, CaseIterable {
        /// ``VASTParser``, while it reads a document.
        case parser
        /// ``VASTSchemaValidator``, against an IAB XSD.
        case schema
        /// Wrapper-chain resolution (`AdResolution`), across the documents of a chain.
        case chain
        /// The engine around a resolution (queues and stores), not any document.
        case engine
        /// The media check (`vastcheck --media`), which fetches and probes the media files.
        case media
    }

    /// The stable id, for example `url.invalid` or `required-attribute.MediaFile.delivery`.
    public var id: String
    /// For a finer check, the family id that findings carry in ``VASTFinding/rule``; `nil` for a family.
    public var parent: String?
    /// The severity its findings have (for a family with mixed severities, the highest).
    public var severity: VASTFinding.Severity
    /// The category its findings have (for a family with mixed categories, that of its errors).
    public var category: VASTFinding.Category
    /// The VAST versions whose documents it checks.
    public var versions: ClosedRange<VASTVersion>
    /// The section of the IAB VAST 4.3 text it enforces (for example `3.4.1`); `nil` for the engine's
    /// own limits.
    public var section: String?
    /// The IAB error code its errors carry, when one applies.
    public var vastErrorCode: VASTErrorCode?
    /// Who reports it.
    public var origin: Origin
    /// One line saying what it checks.
    public var summary: String
    /// A short XML snippet that breaks it.
    public var badExample: String
    /// The same snippet, fixed.
    public var goodExample: String

    /// Creates a rule.
    public init(
        id: String, parent: String? = nil, severity: VASTFinding.Severity, category: VASTFinding.Category,
        versions: ClosedRange<VASTVersion> = .v2_0 ... .v4_3, section: String?, vastErrorCode: VASTErrorCode? = nil,
        origin: Origin = .parser, summary: String, badExample: String, goodExample: String
    ) {
        self.id = id
        self.parent = parent
        self.severity = severity
        self.category = category
        self.versions = versions
        self.section = section
        self.vastErrorCode = vastErrorCode
        self.origin = origin
        self.summary = summary
        self.badExample = badExample
        self.goodExample = goodExample
    }
}
