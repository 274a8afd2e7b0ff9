internal import CAVFormat

/// libav, loaded on the first probe (``loadProblem``) with its process-wide settings made once.
enum LibAV {
    /// The largest single allocation libav may make (av_max_alloc); libav's default is INT_MAX. A declared
    /// count (of samples, chunks, entries) that would need more fails inside libav as out of memory.
    static let maximumAllocation = 64 << 20

    /// Why libav cannot be used in this process (its libraries missing or without a function the probe
    /// calls), or nil once it is loaded, silenced and bounded. Swift runs a global's initialiser once,
    /// thread-safely, so concurrent first probes load it once.
    static let loadProblem: String? = {
        if let problem = ad_libav_load() { return String(cString: problem) }
        ad_av_silence_logging()
        av.av_max_alloc(maximumAllocation)
        return nil
    }()

    /// The loaded functions; only after ``loadProblem`` said nil.
    static var av: ad_libav_table { ad_libav().pointee }
}
