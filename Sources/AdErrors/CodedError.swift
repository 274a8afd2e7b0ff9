/// The shape every public error of the engine shares: a ``code`` that says which reason it is, and a
/// ``message`` that tells a person what happened and what to do. Errors that carry an IAB VAST error
/// code (an ad that cannot play, a document that cannot be read) also have a `vastErrorCode`.
///
/// The default ``description`` is `code: message`; an error with more context (a source, a hop, an
/// action) says it there too.
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// Which reason this is.
    var code: ErrorCode<Self> { get }
    /// What happened and what to do, for a person.
    var message: String { get }
}

extension CodedError {
    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
