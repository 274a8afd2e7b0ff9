/// What a lifecycle does with one kind of input in one phase: the cell of a transition table.
///
/// The tables are the contract's single source and the only place a phase change is written: a
/// lifecycle's `send` looks the input up, handles it (callbacks, beacons, latches) and then moves to the
/// phase the cell names; the handlers never assign a phase. The tests check every step against the
/// tables, and ORDERING.md is rendered from them.
public enum TransitionOutcome<Phase: Hashable & Sendable, Code: Hashable & Sendable>: Hashable, Sendable {
    /// The input is handled and the lifecycle moves to the first of these phases (the phase it is in, for
    /// an input that does not change it). A later one is where a guard named in the cell's note keeps it
    /// instead (``TransitionTable/next(_:from:guardHeld:)``); a guard may also refuse the input with an
    /// error, which leaves the state as it was.
    case moves(to: [Phase])
    /// The input is a documented no-op: no action, no state change.
    case ignored
    /// The input is refused with this code; the state is left as it was.
    case rejected(Code)
}

/// One cell: the outcome and, when the outcome depends on more than the phase, why.
public struct TransitionCell<Phase: Hashable & Sendable, Code: Hashable & Sendable>: Hashable, Sendable {
    /// The outcome.
    public var outcome: TransitionOutcome<Phase, Code>
    /// Guards and latches that refine the outcome (`once`, `skip offset reached`), or why it is ignored.
    public var note: String?

    /// Creates a cell.
    public init(_ outcome: TransitionOutcome<Phase, Code>, _ note: String? = nil) {
        self.outcome = outcome
        self.note = note
    }
}

/// A phase-by-input table covering every pair, built once from a rule.
public struct TransitionTable<
    Phase: Hashable & Sendable & CaseIterable & RawRepresentable,
    Input: Hashable & Sendable & CaseIterable & RawRepresentable,
    Code: Hashable & Sendable & CustomStringConvertible
>: Sendable where Phase.RawValue == String, Input.RawValue == String {
    private let cells: [Pair: TransitionCell<Phase, Code>]

    private struct Pair: Hashable, Sendable {
        var input: Input
        var phase: Phase
    }

    /// Builds the table by asking `rule` for every (input, phase) pair.
    public init(_ rule: (Input, Phase) -> TransitionCell<Phase, Code>) {
        var cells: [Pair: TransitionCell<Phase, Code>] = [:]
        for input in Input.allCases {
            for phase in Phase.allCases { cells[Pair(input: input, phase: phase)] = rule(input, phase) }
        }
        self.cells = cells
    }

    /// The cell for `input` in `phase`.
    public func cell(_ input: Input, in phase: Phase) -> TransitionCell<Phase, Code> {
        cells[Pair(input: input, phase: phase)] ?? TransitionCell(.ignored)
    }

    /// The phase `input` moves the lifecycle to from `phase`: the cell's first target, or its second when
    /// `guardHeld` (a guard in the cell's note kept the lifecycle where the table's alternative says); the
    /// phase itself for an input the table does not move.
    public func next(_ input: Input, from phase: Phase, guardHeld: Bool = false) -> Phase {
        guard case .moves(let targets) = cell(input, in: phase).outcome, let first = targets.first else { return phase }
        return guardHeld && targets.count > 1 ? targets[1] : first
    }

    /// Every phase reachable from `phase` in one accepted input, itself excluded, in declaration order.
    public func legalNextPhases(from phase: Phase) -> [Phase] {
        let reachable = Set(
            Input.allCases.flatMap { input -> [Phase] in
                if case .moves(let next) = cell(input, in: phase).outcome { return next }
                return []
            })
        return Phase.allCases.filter { $0 != phase && reachable.contains($0) }
    }

    /// The table as Markdown: one row per input, one column per phase.
    public func markdown() -> String {
        let phases = Array(Phase.allCases)
        var lines = ["| input | " + phases.map(\.rawValue).joined(separator: " | ") + " |"]
        lines.append("|---|" + String(repeating: "---|", count: phases.count))
        for input in Input.allCases {
            let row = phases.map { phase -> String in
                let cell = cell(input, in: phase)
                var text: String
                switch cell.outcome {
                case .moves(let next):
                    text = next == [phase] ? "stays" : "→ " + next.map(\.rawValue).joined(separator: " / ")
                case .ignored: text = "ignored"
                case .rejected(let code): text = "error `\(code)`"
                }
                if let note = cell.note { text += " (\(note))" }
                return text
            }
            lines.append("| `\(input.rawValue)` | " + row.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
