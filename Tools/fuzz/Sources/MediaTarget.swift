import MediaProbe
import VAST

/// The media probe on arbitrary bytes: `MediaProbe.probe(prefix:totalSize:limits:)`.
///
/// Input: byte 0 `% 4` picks what the bytes are: `0` a whole file (total size = their count), `1` a prefix
/// of unknown total size, `2` a prefix of a file larger by byte 1 × 1 KiB, `3` a whole file probed with
/// tight limits (4 KiB, 250 ms). The rest is the file's bytes. Checked: the probe returns or throws a
/// `MediaProbeError` with IAB code 403 or 405 and a message; a description is consistent (its container one
/// of the five, `byteCount` within the bytes given, `complete` and `fileSize` as the call implies, sizes,
/// duration and bitrate positive and finite, fast start known only for the MP4 family) and, compared with an
/// expectation made from itself, has no mismatch but `noFastStart`; a second probe of the same bytes gives
/// the same answer (unless either ran out of time).
enum MediaTarget {
    static let containers: Set<String> = ["mp4", "mov", "3gp", "webm", "matroska"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte() % 4
        let extra = Int(input.byte()) << 10
        let file = input.rest
        let totalSize: Int? =
            switch mode {
            case 1: nil
            case 2: file.count + extra
            default: file.count
            }
        let limits = mode == 3 ? MediaProbeLimits(maxBytes: 4096, timeBudget: .milliseconds(250)) : .default
        let first = probe(file, totalSize, limits)
        switch first {
        case .success(let description): check(description, file: file, totalSize: totalSize)
        case .failure(let error): check(error)
        }
        let second = probe(file, totalSize, limits)
        // Which limit a probe meets first can differ between two runs when one of them is the clock.
        guard !ranOutOfTime(first), !ranOutOfTime(second) else { return }
        Invariant.check(second == first, "a second probe answered \(second), the first \(first)")
    }

    private static func probe(_ file: [UInt8], _ totalSize: Int?, _ limits: MediaProbeLimits)
        -> Result<MediaDescription, MediaProbeError>
    {
        Result { () throws(MediaProbeError) in try MediaProbe.probe(prefix: file, totalSize: totalSize, limits: limits)
        }
    }

    private static func ranOutOfTime(_ result: Result<MediaDescription, MediaProbeError>) -> Bool {
        if case .failure(let error) = result { return error.code == .timedOut }
        return false
    }

    private static func check(_ error: MediaProbeError) {
        Invariant.check([403, 405].contains(error.vastErrorCode.rawValue), "IAB code \(error.vastErrorCode)")
        Invariant.check(!error.message.isEmpty, "an error without a message: \(error.code)")
    }

    private static func check(_ description: MediaDescription, file: [UInt8], totalSize: Int?) {
        Invariant.check(containers.contains(description.container), "container \(description.container)")
        Invariant.check(
            description.byteCount >= 0 && description.byteCount <= file.count,
            "byteCount \(description.byteCount) of \(file.count)")
        Invariant.check(
            description.complete == (totalSize.map { file.count >= $0 } ?? false), "complete \(description.complete)")
        Invariant.check(description.fileSize == totalSize, "fileSize \(String(describing: description.fileSize))")
        for value in [description.width, description.height] {
            Invariant.check(value.map { $0 > 0 } ?? true, "a size of \(value ?? 0)")
        }
        Invariant.check(
            description.durationSeconds.map { $0.isFinite && $0 > 0 } ?? true,
            "duration \(description.durationSeconds ?? 0)")
        Invariant.check(description.bitrateKbps.map { $0 >= 0 } ?? true, "bitrate \(description.bitrateKbps ?? 0)")
        let mp4Family = ["mp4", "mov", "3gp"].contains(description.container)
        Invariant.check(mp4Family || description.fastStart == nil, "fast start for \(description.container)")
        var mediaFile = VASTMediaFile(url: "https://cdn.example.com/fuzz")
        mediaFile.type = description.mimeType
        mediaFile.width = description.width
        mediaFile.height = description.height
        mediaFile.bitrate = description.bitrateKbps
        mediaFile.fileSize = description.fileSize
        mediaFile.codec = description.codecsParameter
        let itself = MediaExpectation(
            mediaFile: mediaFile, adDuration: description.durationSeconds.map { VASTTime(seconds: $0) })
        let kinds = description.mismatches(against: itself).map(\.kind)
        Invariant.check(kinds == [] || kinds == [.noFastStart], "a description differs from itself: \(kinds)")
        Invariant.sink(description.byteCount)
    }
}
