public import AdErrors

/// Why a fixture file could not be read: malformed JSON, a missing or mistyped field, an unknown input
/// or callback name, or an ad that cannot be loaded. It names the file and the field.
///
/// A fixture that runs but whose expectations are not met is not an error: that is a failing
/// ``FixtureResult``.
public struct FixtureError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == FixtureError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<FixtureError>

    /// Which reason this is.
    public var code: Code
    /// The fixture file, as given to the loader (empty when read from memory).
    public var file: String
    /// The field, as a path from the top of the document: `steps[3].input.progressed.positionMs`
    /// (empty for the whole document).
    public var path: String
    /// What is wrong and what to write instead, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, file: String = "", path: String, message: String) {
        self.code = code
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        [file, path].filter { !$0.isEmpty }.joined(separator: ": ") + (file.isEmpty && path.isEmpty ? "" : ": ")
            + message
    }
}

extension ErrorCode where Domain == FixtureError {
    /// The file could not be read.
    public static let unreadable = Self("unreadable")
    /// The file is not JSON.
    public static let invalidJSON = Self("invalidJSON")
    /// A required field is absent.
    public static let missingField = Self("missingField")
    /// A field the format does not define (often a typo), or one that does not apply to the controller.
    public static let unknownField = Self("unknownField")
    /// A field has the wrong type or a value outside its set (an unknown input, callback or rule id).
    public static let invalidValue = Self("invalidValue")
    /// The ad (or a wrapper) could not be loaded: missing file, not VAST, or not the expected kind of ad.
    public static let unusableAd = Self("unusableAd")
    /// The fixture's setup cannot be expressed through the controller (only the pure lifecycle can run it).
    public static let notReplayable = Self("notReplayable")
}
