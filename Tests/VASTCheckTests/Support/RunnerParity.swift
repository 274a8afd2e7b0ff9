import Testing

@testable import VASTCheck

/// Runs `validate --json --jobs 3` on one valid document and on four (valid, invalid, malformed, valid: exit 1)
/// through ``VASTCheck/run(_:console:)`` and through `runner`, a way of running the command line such as the
/// `vastcheck` program's, and expects the same exit code, standard output and standard error from both.
func expectValidateMatchesTheAsyncRun(
    _ runner: @Sendable (_ arguments: [String], _ console: Console) async -> ExitCode,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    let one = [Repository.path("vast-samples/v42-inline-linear-full.xml")]
    let many = [
        Repository.path("vast-samples/v42-inline-linear-full.xml"),
        Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml"),
        Repository.path("vast-samples/v42-malformed-truncated.xml"),
        Repository.path("vast-samples/v20-inline-linear.xml"),
    ]
    for (sources, expected) in [(one, ExitCode.success), (many, ExitCode.invalid)] {
        let arguments = ["validate", "--json", "--jobs", "3"] + sources
        let plain = CapturedConsole()
        let plainCode = await VASTCheck.run(arguments, console: plain.console)
        let other = CapturedConsole()
        let otherCode = await runner(arguments, other.console)
        #expect(plainCode == expected, sourceLocation: sourceLocation)
        #expect(otherCode == expected, sourceLocation: sourceLocation)
        #expect(other.out == plain.out, sourceLocation: sourceLocation)
        #expect(other.err == plain.err, sourceLocation: sourceLocation)
    }
}
