import AdResolution
import VAST

/// What a run's summary needs from every document, kept in constant memory: the totals, the
/// documents per outcome and per IAB error code, and the slowest hops. Documents can be added
/// in any order; the result does not depend on it.
struct BatchSummary: Sendable {
    /// One of the slowest fetched hops.
    struct SlowHop: Sendable, Equatable {
        var url: String
        var milliseconds: Double
        /// The document (list entry) whose chain it belongs to.
        var source: String

        /// Slower first; ties by URL, then source, so the order never depends on arrival.
        static func isSlower(_ lhs: SlowHop, than rhs: SlowHop) -> Bool {
            if lhs.milliseconds != rhs.milliseconds { return lhs.milliseconds > rhs.milliseconds }
            if lhs.url != rhs.url { return lhs.url < rhs.url }
            return lhs.source < rhs.source
        }
    }

    /// How many slow hops are kept.
    static let slowestKept = 5

    private(set) var totals = Summary([])
    private(set) var outcomes: [DocumentOutcome: Int] = [:]
    private(set) var errorCodes: [Int: Int] = [:]
    /// Documents per rule family among their failing findings (bounded by the rule catalogue).
    private(set) var rules: [String: Int] = [:]
    /// At most `slowestKept`, slowest first.
    private(set) var slowestHops: [SlowHop] = []

    init() {}

    mutating func add(_ report: DocumentReport) {
        totals.add(report)
        outcomes[report.outcome, default: 0] += 1
        if let code = report.reportedErrorCode { errorCodes[code.rawValue, default: 0] += 1 }
        for rule in Set(report.failing.map(\.rule)) { rules[rule, default: 0] += 1 }
        for hop in report.resolution?.hops ?? [] where hop.milliseconds > 0 {
            consider(SlowHop(url: hop.url, milliseconds: hop.milliseconds, source: report.source))
        }
    }

    private mutating func consider(_ hop: SlowHop) {
        if slowestHops.count == Self.slowestKept, let last = slowestHops.last, !SlowHop.isSlower(hop, than: last) {
            return
        }
        let position = slowestHops.firstIndex { SlowHop.isSlower(hop, than: $0) } ?? slowestHops.count
        slowestHops.insert(hop, at: position)
        if slowestHops.count > Self.slowestKept { slowestHops.removeLast() }
    }

    /// The rules that failed documents, most documents first (ties by id).
    var rulesByCount: [(rule: String, count: Int)] {
        rules.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
    }

    /// `{"outcomes": {every outcome, in a fixed order}, "errorCodes": {"301": n, ...} (ascending),
    /// "rules": {"url.invalid": n, ...} (most documents first), "slowestHops": [{"url", "ms", "source"}]}`.
    var breakdownJSON: JSON {
        .object([
            ("outcomes", .object(DocumentOutcome.allCases.map { ($0.rawValue, .int(outcomes[$0] ?? 0)) })),
            ("errorCodes", .object(errorCodes.keys.sorted().map { (String($0), .int(errorCodes[$0] ?? 0)) })),
            ("rules", .object(rulesByCount.map { ($0.rule, .int($0.count)) })),
            (
                "slowestHops",
                .array(
                    slowestHops.map { hop in
                        .object([
                            ("url", .string(hop.url)), ("ms", .int(Int(hop.milliseconds.rounded()))),
                            ("source", .string(hop.source)),
                        ])
                    })
            ),
        ])
    }
}
