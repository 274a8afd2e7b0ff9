/// The bytes and the time all media files of one run may take, shared by its jobs.
actor MediaRunBudget {
    private var bytesLeft: Int
    /// When the run's media time is over.
    let deadline: ContinuousClock.Instant
    private let totalBytes: Int
    private let totalTime: Duration

    init(bytes: Int, time: Duration) {
        bytesLeft = bytes
        totalBytes = bytes
        totalTime = time
        deadline = .now + time
    }

    /// Takes `bytes` for one file; `false` (nothing taken) when they are not left or the time is over.
    func take(_ bytes: Int) -> Bool {
        guard bytesLeft >= bytes, ContinuousClock.now < deadline else { return false }
        bytesLeft -= bytes
        return true
    }

    /// Gives back what a file took and did not read.
    func giveBack(_ bytes: Int) {
        bytesLeft = min(bytesLeft + max(bytes, 0), totalBytes)
    }

    /// Why a file was not checked, for its `media.budget` finding.
    var spentMessage: String {
        "not checked: the run's media budget (\(totalBytes) bytes, \(totalTime)) is spent "
            + "(--media-run-bytes, --media-run-timeout)"
    }
}
