import AdLifecycle
import TestSupport
import Testing

/// Runs `sequences` seeded random sequences; the first failing one is recorded with its seed and
/// inputs, so `runOne(seed:)` reproduces it.
enum PropertyCheck {
    static let sequences = 10_000

    static func run(_ name: String, baseSeed: UInt64, _ body: (UInt64) -> String?) {
        for index in 0..<UInt64(sequences) {
            let seed = baseSeed &+ index
            if let failure = body(seed) {
                Issue.record("\(name): invariant broken with seed \(seed)\n\(failure)")
                return
            }
        }
    }

    /// Checks one step against the transition table: ignored means no action and no change, rejected
    /// means exactly that code and no change, accepted means a listed next phase (a guard may refuse it,
    /// and then nothing changed).
    static func conforms<Phase, Input, Code, Failure: Error>(
        _ table: TransitionTable<Phase, Input, Code>, input: Input, before: Phase, after: Phase, changed: Bool,
        result: Result<Int, Failure>, code: (Failure) -> Code
    ) -> String? {
        let cell = table.cell(input, in: before)
        switch (cell.outcome, result) {
        case (.ignored, .success(0)) where !changed:
            return nil
        case (.ignored, _):
            return "\(input) in \(before) should be ignored, got \(result) (changed: \(changed))"
        case (.rejected(let expected), .failure(let error)):
            if code(error) != expected { return "\(input) in \(before): expected \(expected), got \(error)" }
            return changed ? "refused \(input) in \(before) changed the state" : nil
        case (.rejected(let expected), .success):
            return "\(input) in \(before) should be refused with \(expected)"
        case (.moves(let next), .success):
            return next.contains(after) ? nil : "\(input) in \(before) moved to \(after), table says \(next)"
        case (.moves, .failure):
            return changed ? "refused \(input) in \(before) changed the state" : nil
        }
    }
}

extension SplitMix64 {
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}
