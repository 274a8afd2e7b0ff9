public import AdErrors

/// Why a document could not be written as VAST XML: a value that XML 1.0 or VAST cannot carry.
///
/// A `CodedError`: its code can grow without breaking callers. The writer refuses
/// rather than changing a value: what it writes always reads back as the model it was given
/// (see ``VASTWriter``). No VAST error code applies: nothing was served or played.
public struct VASTWriteError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == VASTWriteError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<VASTWriteError>

    /// Which reason this is.
    public let code: Code
    /// What is wrong and what to do about it, for a person.
    public let message: String
    /// Where in the document being written, as the parser's findings spell locations
    /// (`/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration`).
    public let location: String

    init(_ code: Code, _ message: String, at location: String) {
        self.code = code
        self.message = message
        self.location = location
    }

    public var description: String { "cannot write \(location): \(message)" }
}

extension ErrorCode where Domain == VASTWriteError {
    /// A character XML 1.0 cannot hold (a control character other than tab, newline and
    /// carriage return, or U+FFFE / U+FFFF), in text, an attribute or extension XML.
    public static let unrepresentableCharacter = Self("unrepresentableCharacter")
    /// A number or time outside what VAST can write: a negative count or size, a time or
    /// percentage the reader would not read back as the same value.
    public static let valueOutOfRange = Self("valueOutOfRange")
    /// The document's `version` names no VAST version this engine reads (2.0 to 4.3).
    public static let unsupportedVersion = Self("unsupportedVersion")
    /// An `Extension` / `CreativeExtension` whose raw XML or attributes would not read back as
    /// the same single element (not well-formed, an undeclared namespace prefix, a duplicate
    /// attribute, or markup that closes the element early).
    public static let invalidExtension = Self("invalidExtension")
}
