import AdEngine
import AdResolution
import AdTransport
import Foundation
import VAST

/// The one SOURCE of `inspect` and `simulate`: a file, `-` for standard input, or an http(s) tag URL,
/// resolved through its wrapper chain like `validate` does.
struct InspectSource: Sendable {
    /// The source as named on the command line.
    let name: String

    /// What reading and resolving the source gave.
    enum Loaded: Sendable {
        /// The chain was resolved (it may still hold no ad: see ``VASTResolution/errorCode``).
        case resolved(VASTResolution, client: HTTPClient)
        /// The source could not be read at all (exit 2).
        case unreadable(String)
    }

    init(_ arguments: Arguments, command: String) throws(UsageError) {
        guard let name = arguments.positional.first else {
            throw UsageError("\(command) needs a SOURCE (a file, an http(s) tag URL, or - for standard input)")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError("\(command) takes one SOURCE, not \(arguments.positional.count) (\(arguments.positional.joined(separator: " ")))")
        }
        self.name = name
    }

    /// Reads and resolves the source. Error pixels of a failing chain go to `errorSink` when given
    /// (`--fire`), otherwise nowhere.
    func load(console: Console, fireErrors: Bool) async -> Loaded {
        let limits = VASTParser.Limits.default
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
        } catch {
            return .unreadable(error.message)
        }
        let sink: any BeaconSink = fireErrors ? DirectBeaconSender(client: client) : DiscardingBeaconSink()
        let resolver = WrapperResolver(client: client, errorSink: sink,
                                       configuration: WrapperResolverConfiguration(parserLimits: limits))
        let lower = name.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return .resolved(await resolver.resolve(tagURL: name), client: client)
        }
        let bytes: Data
        if name == "-" {
            bytes = console.readStandardInput()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) else {
                return .unreadable("\(name): no such file")
            }
            guard !isDirectory.boolValue else { return .unreadable("\(name): is a directory (give one file)") }
            do {
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: name))
                defer { try? handle.close() }
                bytes = try handle.read(upToCount: limits.maxBytes + 1) ?? Data()
            } catch {
                return .unreadable("\(name): \(error.localizedDescription)")
            }
        }
        return .resolved(await resolver.resolve(document: Array(bytes), source: name), client: client)
    }

    /// Why a resolution has no ad, for a person: the code and the failure's message.
    static func noAdMessage(_ resolution: VASTResolution) -> String {
        let code = resolution.errorCode.map { "VAST error \($0.rawValue)" } ?? "no ad"
        guard let failure = resolution.failure else { return code }
        return "\(code): \(failure.message)"
    }
}
