public import FoundationEssentials
import VAST

/// A fixture file of either kind: a lifecycle fixture (`unit`, `video`, `mraid`) or a session fixture.
public enum FixtureFile: Sendable {
    /// One state machine's fixture.
    case lifecycle(LifecycleFixture)
    /// An `AdSession` fixture.
    case session(SessionFixture)

    /// Reads a fixture file, choosing the kind by its `controller`.
    /// - Throws: ``FixtureError`` naming the file and the field at fault.
    public init(contentsOf url: URL) throws(FixtureError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError(.unreadable, file: url.path, path: "", message: "cannot read the file: \(error)")
        }
        if case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: data),
            members["controller"] == .string("session")
        {
            self = .session(try SessionFixture(json: data, file: url.path))
        } else {
            self = .lifecycle(try LifecycleFixture(json: data, file: url.path))
        }
    }

    /// Reads a fixture's JSON and builds it with `make`; an error names `file`.
    static func read<Fixture>(_ json: Data, file: String, _ make: (JSONValue) throws(FixtureError) -> Fixture)
        throws(FixtureError) -> Fixture
    {
        do throws(FixtureError) {
            let value: JSONValue
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: json)
            } catch {
                throw FixtureError(.invalidJSON, path: "", message: "not valid JSON: \(reason(error))")
            }
            return try make(value)
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// What is wrong with a document that is not JSON, for a person.
    private static func reason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context): return (context.underlyingError.map { "\($0)" }) ?? context.debugDescription
        default: return "\(decoding)"
        }
    }

    /// Every input a session fixture can send, by the name fixtures use (`progressed`, `mraid.expandRequested`).
    public static var sessionInputNames: [String] { SessionCodec.inputNames }

    /// Every callback a session fixture can expect, by the name fixtures use (`viewability`, `mraid.stateChanged`).
    public static var sessionCallbackNames: [String] { SessionCodec.callbackNames }
}
