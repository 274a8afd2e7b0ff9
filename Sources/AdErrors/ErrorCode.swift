/// Which reason an engine error is, by name: the code of every public error type of the engine.
///
/// A struct, not an enum, so that a new reason never breaks a caller: callers compare codes
/// (`error.code == .timeout`) and switch on them with a `default` branch (`case .timeout:`), and the codes
/// themselves are static members each error type declares (`extension ErrorCode where Domain == HTTPError`).
/// Only the engine's modules make codes; a caller cannot invent one. `Domain` is the error type the code
/// belongs to, so one type's codes never compare with another's.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    /// A code named `name` (a camel-case identifier, as the error's documentation spells it).
    package init(_ name: String) { self.name = name }

    /// The code's name, for example `timeout`: what logs, JSON output and fixtures show.
    public var description: String { name }
}

extension ErrorCode: Codable {
    /// Reads a code written by ``encode(to:)``; a name no static member has decodes to a code none equals.
    public init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the code as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
