/// How the tests bound wall-clock time. `swift test` runs suites in parallel on a machine that may have
/// two shared cores, so a bound of "the deadline plus 150 ms" measures the machine, not the code. The
/// rule: a lower bound stays exact (a deadline or timeout never fires early, whatever the load), an upper
/// bound is the expected time plus ``slack`` and stays well below the time the wrong behaviour would take
/// (a hung server, a later timeout, a delay that should have been cancelled), and what happened (the
/// outcome, the message, the requests the server saw) is asserted exactly and separately.
public enum WallClock {
    /// Scheduling slack allowed past an expected time.
    public static let slack: Duration = .seconds(1)

    /// ``slack`` in whole milliseconds, for reports that count milliseconds.
    public static let slackMilliseconds: Double = 1_000
}
