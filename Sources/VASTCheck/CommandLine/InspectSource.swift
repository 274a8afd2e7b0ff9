import AdEngine
import AdResolution
import AdTransport
import VAST

/// The one SOURCE of `inspect` and `simulate`: a file, `-` for standard input, or an http(s) tag URL,
/// loaded by the engine's ``SourceLoader`` and resolved through its wrapper chain like `validate` does.
struct InspectSource: Sendable {
    /// The source as named on the command line, for people (bytes that are not UTF-8 shown as `\xHH`).
    var name: String { FileName.shown(argument) }
    /// The source as given: what the loader opens.
    private let argument: String

    /// What reading and resolving the source gave.
    enum Loaded: Sendable {
        /// The chain was resolved (it may still hold no ad: see ``VASTResolution/errorCode``). A
        /// document over the byte cap is resolved too: hop 0 failed with VAST error 100.
        case resolved(VASTResolution, client: HTTPClient)
        /// The source could not be read at all (exit 2): `NAME: REASON`.
        case unreadable(String)
    }

    /// `--max-bytes`.
    let limits: VASTParser.Limits
    /// `--max-depth` and `--timeout`.
    let resolution: WrapperResolverConfiguration

    init(_ arguments: Arguments, command: String) throws(UsageError) {
        guard let name = arguments.positional.first else {
            throw UsageError("\(command) needs a SOURCE (a file, an http(s) tag URL, or - for standard input)")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError(
                "\(command) takes one SOURCE, not \(arguments.positional.count) (\(arguments.positional.joined(separator: " ")))"
            )
        }
        argument = name
        (limits, resolution) = try arguments.resolutionLimits()
    }

    /// Reads and resolves the source, the chain's URLs filled from `macros`. Error pixels of a failing
    /// chain go out over the client only with `fireErrors` (`--fire`), otherwise nowhere.
    func load(console: Console, fireErrors: Bool, macros: VASTMacroContext) async -> Loaded {
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
        } catch {
            return .unreadable("\(name): \(error.message)")
        }
        let sink: any BeaconSink = fireErrors ? DirectBeaconSender(client: client) : DiscardingBeaconSink()
        let resolver = WrapperResolver(client: client, errorSink: sink, configuration: resolution, macros: macros)
        let loader = console.loader(maxDocumentBytes: limits.maxBytes)
        let loaded: LoadedSource
        do {
            loaded = try loader.load(try loader.source(named: argument))
        } catch  where error.vastErrorCode != nil {
            return .resolved(VASTResolution(refusing: error), client: client)
        } catch {
            return .unreadable(error.description)
        }
        return .resolved(await resolver.resolve(loaded), client: client)
    }

    /// Why a resolution has no ad, for a person: the code, its name and the failure's message.
    /// (The tag's own request failing has no code: its message says what befell it.)
    static func noAdMessage(_ resolution: VASTResolution) -> String {
        guard let failure = resolution.failure else {
            return resolution.errorCode.map { "VAST \($0.named)" } ?? "no ad"
        }
        guard let code = resolution.errorCode else { return failure.message }
        return "VAST \(code.named): \(failure.message)"
    }
}
