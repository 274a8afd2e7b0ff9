import AdTransport
public import MediaProbe
public import VAST

/// Probes downloaded media files with `MediaProbe` and judges them against their `<MediaFile>`.
///
/// Probes run one at a time on a thread of the verifier's own (libavformat's reads are blocking C
/// calls, each bounded by ``CreativeReadiness/probeLimits``), never on Swift's cooperative pool.
/// Share one verifier; its thread ends when it is released.
public final class MediaVerifier: Sendable {
    private let thread: DispatcherThread

    /// Creates a verifier and starts its thread.
    public init() {
        thread = DispatcherThread(name: "Creatives.probe")
    }

    deinit {
        thread.stop()
    }

    /// Probes the file at `path` (opened by the probe with `O_NOFOLLOW`).
    /// - Returns: what the file holds, or why it cannot be read.
    public func probe(fileAt path: String, limits: MediaProbeLimits) async -> Result<MediaDescription, MediaProbeError>
    {
        await withCheckedContinuation { continuation in
            thread.post {
                continuation.resume(
                    returning: Result { () throws(MediaProbeError) in try MediaProbe.probe(fileAt: path, limits: limits)
                    })
            }
        }
    }

    /// Probes the prefix of a file read over the network (see `MediaProbe.probe(prefix:totalSize:limits:)`).
    public func probe(prefix: [UInt8], totalSize: Int?, limits: MediaProbeLimits) async -> Result<
        MediaDescription, MediaProbeError
    > {
        await withCheckedContinuation { continuation in
            thread.post {
                continuation.resume(
                    returning: Result { () throws(MediaProbeError) in
                        try MediaProbe.probe(prefix: prefix, totalSize: totalSize, limits: limits)
                    })
            }
        }
    }

    /// Probes `file` and compares it with `mediaFile` and the Linear's `<Duration>`.
    /// - Returns: the description and the mismatches the policy accepts, or the refusal with its IAB
    ///   code: the probe's (403 a container no player here reads, 405 unreadable or truncated), 403
    ///   for another type or codec, 202 for another duration, 203 for another size, 405 for the rest.
    public func verify(
        _ file: CachedFile, against mediaFile: VASTMediaFile, adDuration: VASTTime?, readiness: CreativeReadiness
    ) async -> Result<(MediaDescription, [MediaMismatch]), CreativeRefusal> {
        let description: MediaDescription
        switch await probe(fileAt: file.path, limits: readiness.probeLimits) {
        case .success(let value): description = value
        case .failure(let error):
            // A machine without FFmpeg's libraries cannot verify the file: refused, but the ad is not to blame,
            // so no IAB code goes to its Error URLs.
            let code = error.code == .unavailable ? nil : error.vastErrorCode
            return .failure(
                CreativeRefusal(url: file.url, vastErrorCode: code, message: "\(file.url): \(error.message)"))
        }
        let mismatches = description.mismatches(
            against: MediaExpectation(mediaFile: mediaFile, adDuration: adDuration), tolerance: readiness.tolerance)
        if let refused = mismatches.first(where: { readiness.refusedMismatches.contains($0.kind) }) {
            return .failure(
                CreativeRefusal(
                    url: file.url, vastErrorCode: Self.code(of: refused.kind),
                    message: "\(file.url): \(refused.message)"))
        }
        return .success((description, mismatches))
    }

    /// The IAB code a refused difference is reported with.
    static func code(of kind: MediaMismatch.Kind) -> VASTErrorCode {
        switch kind {
        case .typeMismatch, .codecMismatch: .noSupportedMediaFile
        case .durationMismatch: .unexpectedDuration
        case .dimensionsMismatch: .unexpectedSize
        default: VASTErrorCode(rawValue: 405)
        }
    }
}
