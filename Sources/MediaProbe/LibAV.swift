internal import CAVFormat

/// libav's process-wide settings, made once before the first probe.
enum LibAV {
    /// The largest single allocation libav may make (av_max_alloc); libav's default is INT_MAX. A declared
    /// count (of samples, chunks, entries) that would need more fails inside libav as out of memory.
    static let maximumAllocation = 64 << 20

    /// Runs the process-wide set-up the first time it is read: Swift runs a global's initialiser once,
    /// thread-safely, so concurrent first probes race for nothing.
    static let ready: Void = {
        ad_av_silence_logging()
        av_max_alloc(maximumAllocation)
    }()
}
