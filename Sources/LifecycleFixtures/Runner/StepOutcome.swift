/// What a lifecycle actually did with one input.
public enum StepOutcome: Sendable, Hashable {
    /// It returned these outputs, in order.
    case outputs([FixtureOutput])
    /// It refused the input: the error's code, MRAID action (`nil` for unit and video) and message.
    case error(code: String, action: String?, message: String)

    /// True when `expectation` holds: the same outputs in the same order, or the same code (and MRAID
    /// action, and message when the fixture pins it).
    public func satisfies(_ expectation: FixtureExpectation) -> Bool {
        switch (expectation, self) {
        case (.outputs(let expected), .outputs(let actual)): return expected == actual
        case (.error(let expected), .error(let code, let action, let message)):
            return expected.code == code && expected.action == action
                && (expected.message == nil || expected.message == message)
        default: return false
        }
    }

    /// The outcome as fixture lines: one per output, or one for the error (its message only when
    /// `showingMessage`).
    func lines(adInstanceID: String, showingMessage: Bool) -> [String] {
        switch self {
        case .outputs(let outputs): return outputs.map { $0.rendered(adInstanceID: adInstanceID) }
        case .error(let code, let action, let message):
            return [ExpectedError(code: code, action: action, message: showingMessage ? message : nil).description]
        }
    }
}

extension FixtureExpectation {
    func lines(adInstanceID: String) -> [String] {
        switch self {
        case .outputs(let outputs): outputs.map { $0.rendered(adInstanceID: adInstanceID) }
        case .error(let error): [error.description]
        }
    }
}
