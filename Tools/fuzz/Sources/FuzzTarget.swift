/// The fuzz targets, by the name `Tools/fuzz/run TARGET` and `FUZZ_TARGET` use.
enum FuzzTarget: String, CaseIterable {
    /// `VASTParser`, `VASTTime.parse` and `VASTTimeOffset.parse` (the original harness).
    case parser
    /// Documents -> parse -> merge -> media-file selection -> banner fitting -> tracking plan -> simulated
    /// playback, with the request, player size and maxHeight from the input.
    case pipeline
    /// Tenant settings, request and presentation JSON, then placement decisions.
    case settings
    /// Lifecycle and session fixtures, decoded and run.
    case fixtures
    /// Macro expansion with hostile values and templates.
    case macros
    /// The CLI's argument parsing.
    case cli
    /// The media probe (libavformat) on arbitrary bytes.
    case media
    /// The incremental parse and its stops: attribute and element caps, a deadline, cancellation.
    case incremental
    /// The beacon store's opener on arbitrary database and WAL files, and on a real store patched.
    case store

    /// Runs one input.
    func run(_ input: [UInt8]) {
        switch self {
        case .parser: ParserTarget.run(input)
        case .pipeline: PipelineTarget.run(input)
        case .settings: SettingsTarget.run(input)
        case .fixtures: FixturesTarget.run(input)
        case .macros: MacrosTarget.run(input)
        case .cli: CommandLineTarget.run(input)
        case .media: MediaTarget.run(input)
        case .incremental: IncrementalTarget.run(input)
        case .store: StoreTarget.run(input)
        }
    }
}
