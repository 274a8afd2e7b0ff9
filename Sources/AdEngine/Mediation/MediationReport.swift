public import AdPlacement

/// What every source did in one mediation: one ``SourceReport`` per source given.
///
/// Order: by tier ascending, then by the order of the sources in the list given (tier order). The
/// order does not depend on timing, so reports of two runs line up entry by entry.
public struct MediationReport: Sendable, Hashable, RandomAccessCollection {
    /// The entries, in the order above.
    public var sources: [SourceReport]
    /// Milliseconds from the start of the call to its end.
    public var milliseconds: Double
    /// The presentation whose request this mediation served; set by the engine (`nil` from a
    /// ``Mediator`` run on its own).
    public var presentation: PresentationHandle?

    /// Creates a report.
    public init(sources: [SourceReport], milliseconds: Double, presentation: PresentationHandle? = nil) {
        self.sources = sources
        self.milliseconds = milliseconds
        self.presentation = presentation
    }

    public var startIndex: Int { sources.startIndex }
    public var endIndex: Int { sources.endIndex }
    public subscript(position: Int) -> SourceReport { sources[position] }

    /// The entry of the source named `name`.
    public subscript(source name: String) -> SourceReport? { sources.first { $0.source == name } }
}
