/// A scenario that asks for more than `vastcheck getad --scenario` runs: exit 64, like a usage error.
///
/// A struct with a private code so reasons can be added; the message names the step and the bound.
struct GetAdScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable { case tooLarge }

    private let code: Code
    /// What is past which bound, and where: `steps[4].count must be a whole number from 1 to 10000`.
    let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A count, a length or a number past the scenario's bounds: shorten the scenario or split it.
    static func tooLarge(_ message: String) -> Self { Self(.tooLarge, message) }

    var description: String { message }
}
