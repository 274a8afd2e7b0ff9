import AdEngine
import AdResolution
import VAST

extension Arguments {
    /// The parser limits and chain limits that `--max-bytes`, `--max-depth` and `--timeout` set,
    /// shared by the commands that fetch and follow tags.
    func resolutionLimits() throws(UsageError) -> (parser: VASTParser.Limits, chain: WrapperResolverConfiguration) {
        var limits = VASTParser.Limits.default
        if let maxBytes = try integer("--max-bytes", in: 1...(256 << 20)) { limits.maxBytes = maxBytes }
        var resolution = WrapperResolverConfiguration(parserLimits: limits)
        if let depth = try integer("--max-depth", in: 0...50) { resolution.maxDepth = depth }
        if let text = value("--timeout") {
            // Below a millisecond the timeout rounds to 0 ms: every request would time out before it starts.
            guard let seconds = Double(text), seconds >= 0.001, seconds <= 600 else {
                throw UsageError("--timeout takes a number of seconds from 0.001 to 600, not \"\(text)\"")
            }
            let timeout = Duration.milliseconds(Int(seconds * 1000))
            resolution.firstRequestTimeout = timeout
            resolution.laterRequestTimeout = timeout
            resolution.chainBudget = max(resolution.chainBudget, timeout * (resolution.maxDepth + 1))
        }
        return (limits, resolution)
    }
}
