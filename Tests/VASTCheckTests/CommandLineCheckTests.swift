import Testing
import VASTCheck

/// `VASTCheck.check` reads a command line as `run` does and stops before running it.
@Suite struct CommandLineCheckTests {
    @Test func helpAndVersionAreToldApart() {
        #expect(VASTCheck.check(["--help"]) == .help)
        #expect(VASTCheck.check(["validate", "--help"]) == .help)
        #expect(VASTCheck.check(["--version"]) == .version)
    }

    @Test func aCommandLineThatParsesRunsItsCommandWithoutTouchingItsSources() {
        // Neither the file nor the URL exists: only parsing happens.
        #expect(
            VASTCheck.check(["validate", "--json", "/nonexistent.xml", "http://127.0.0.1:1/x"])
                == .runs(command: "validate"))
        #expect(VASTCheck.check(["simulate", "x.xml", "--pause-at", "5"]) == .runs(command: "simulate"))
    }

    @Test func usageErrorsCarryTheMessageRunPrints() {
        #expect(VASTCheck.check([]) == .usage(message: "no command given"))
        #expect(VASTCheck.check(["frobnicate"]) == .usage(message: "unknown command \"frobnicate\""))
        #expect(
            VASTCheck.check(["validate", "--frobnicate", "x.xml"]) == .usage(message: "unknown option --frobnicate"))
        #expect(
            VASTCheck.check(["validate", "x.xml", "--max-bytes"]) == .usage(message: "--max-bytes needs a value (N)"))
        #expect(
            VASTCheck.check(["validate", "--jobs", "0", "x.xml"])
                == .usage(message: "--jobs takes a whole number from 1 to 64, not \"0\""))
    }
}
