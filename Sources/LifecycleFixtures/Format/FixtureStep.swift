import VAST

/// One step of a fixture: an input at a time, and exactly what it must produce.
public struct FixtureStep: Sendable, Hashable {
    /// Milliseconds after the fixture's clock start: the input's timestamp (`[TIMESTAMP]`).
    public var at: Int
    /// The input.
    public var input: FixtureInput
    /// The exact, ordered outputs, or the error.
    public var expectation: FixtureExpectation
    /// The phase the lifecycle must be in after the step, when the fixture says.
    public var phase: String?
    /// A remark for people reading the fixture; not checked.
    public var note: String?

    /// Creates a step.
    public init(
        at: Int, input: FixtureInput, expectation: FixtureExpectation, phase: String? = nil, note: String? = nil
    ) {
        self.at = at
        self.input = input
        self.expectation = expectation
        self.phase = phase
        self.note = note
    }
}

/// What a step must produce.
public enum FixtureExpectation: Sendable, Hashable {
    /// Exactly these outputs, in this order (an empty list: the input is a documented no-op).
    case outputs([FixtureOutput])
    /// The input is refused with this error; no output, and the state must be exactly as before.
    case error(ExpectedError)
}

/// A refusal a step expects: the code always, the MRAID action always for MRAID, the message when given.
public struct ExpectedError: Sendable, Hashable, CustomStringConvertible {
    /// The code's name (`skipOffsetNotReached`, `commandInProgress`).
    public var code: String
    /// MRAID only: the command refused (`resize`, `expand`, `close`, `setResizeProperties`, `unload`) or
    /// the host report's name (`resizeFinished`).
    public var action: String?
    /// The exact message, when the fixture pins it.
    public var message: String?

    /// Creates an expected error.
    public init(code: String, action: String? = nil, message: String? = nil) {
        self.code = code
        self.action = action
        self.message = message
    }

    public var description: String { json.rendered }

    var json: JSONValue {
        var members: [String: JSONValue] = ["code": .string(code)]
        if let action { members["action"] = .string(action) }
        if let message { members["message"] = .string(message) }
        return .object(["error": .object(members)])
    }
}
