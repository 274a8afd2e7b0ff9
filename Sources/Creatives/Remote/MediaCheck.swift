import AdErrors
public import AdTransport
import FoundationEssentials
import MediaProbe
public import VAST

/// Checks a `<MediaFile>` where it is served, reading as little of it as the container allows:
/// what `vastcheck --media` runs for each media file of a tag.
///
/// One `Range` request reads the file's first ``MediaCheckLimits/headBytes`` (a server that ignores
/// `Range` is cut there); the probe reads that prefix. An MP4 whose `moov` box is not in the prefix
/// (no fast start) needs its end: a second `Range` reads the last bytes, up to the file's budget,
/// and the probe reads both. The answer (status, type, CORS, size) and the file (container, codecs,
/// duration, dimensions, bitrate, fast start) are compared with the `<MediaFile>`.
public struct MediaCheck: Sendable {
    /// The client the requests go through.
    public let client: HTTPClient
    /// Who probes the bytes.
    public let verifier: MediaVerifier
    /// The bounds per file.
    public let limits: MediaCheckLimits

    /// Creates a check.
    public init(client: HTTPClient, verifier: MediaVerifier, limits: MediaCheckLimits = .init()) {
        self.client = client
        self.verifier = verifier
        self.limits = limits
    }

    /// Checks `mediaFile` (a Linear's, whose `<Duration>` is `adDuration`), by `deadline` at the
    /// latest (and within ``MediaCheckLimits/timePerFile``).
    /// - Returns: what was read and every problem found, in the order of ``MediaCheckProblem/Kind``'s cases.
    public func check(_ mediaFile: VASTMediaFile, adDuration: VASTTime?, deadline: ContinuousClock.Instant) async
        -> MediaCheckResult
    {
        let url = mediaFile.url
        let deadline = min(deadline, .now + limits.timePerFile)
        var result = MediaCheckResult(url: url)
        var problems: [MediaCheckProblem] = []
        if url.lowercased().hasPrefix("http://") {
            problems.append(
                MediaCheckProblem(
                    .insecureURL,
                    "\(url) is plain http: pages served over https (most players) block it as mixed content"))
        }
        let head: HTTPDownloadResponse
        do throws(HTTPError) {
            head = try await client.download(
                HTTPDownload(
                    url: url, headers: [HTTPHeader("Origin", limits.origin)], destination: .memory,
                    range: .bytes(first: 0, last: limits.headBytes - 1), maxBytes: limits.headBytes,
                    overLimit: .truncate),
                deadline: deadline)
        } catch {
            result.status = error.status
            problems.append(Self.problem(for: error, url: url))
            result.problems = problems.sorted { $0.kind.order < $1.kind.order }
            return result
        }
        result.status = head.status
        result.contentType = head.headers.contentType
        result.totalSize = head.totalSize
        result.rangeSupported = head.status == 206
        result.bytesRead = head.bytes
        problems += headerProblems(head, mediaFile: mediaFile)
        if !MediaCheck.isStreamingOrUnprobed(mediaFile) {
            problems += await probeProblems(
                head, mediaFile: mediaFile, adDuration: adDuration, deadline: deadline, result: &result)
        }
        result.problems = problems.sorted { $0.kind.order < $1.kind.order }
        return result
    }

    /// The problems the answer's headers show: its type and its CORS header.
    private func headerProblems(_ head: HTTPDownloadResponse, mediaFile: VASTMediaFile) -> [MediaCheckProblem] {
        var problems: [MediaCheckProblem] = []
        let declared = (mediaFile.type ?? "").lowercased()
        switch head.headers.mediaType {
        case nil:
            problems.append(
                MediaCheckProblem(
                    .contentType, "\(mediaFile.url) is served without a Content-Type; \(declared) was declared",
                    severity: .warning))
        case let served? where served.hasPrefix("text/") || served.contains("html"):
            problems.append(
                MediaCheckProblem(
                    .contentType,
                    "\(mediaFile.url) is served as \(served), not media (an error page?); \(declared) was declared",
                    vastErrorCode: .noSupportedMediaFile))
        case let served? where !declared.isEmpty && served != declared:
            problems.append(
                MediaCheckProblem(
                    .contentType, "\(mediaFile.url) is served as \(served) where \(declared) was declared",
                    severity: .warning))
        default:
            break
        }
        let allowed = head.headers.accessControlAllowOrigin?.trimmingSpaces()
        if allowed != "*" && allowed != limits.origin {
            problems.append(
                MediaCheckProblem(
                    .missingCORS,
                    "\(mediaFile.url) has no Access-Control-Allow-Origin for a web player's origin "
                        + (allowed.map { "(it allows \($0) only)" } ?? "(none sent)")
                        + ": players that read the bytes (MSE, canvas, measurement) cannot"))
        }
        return problems
    }

    /// The problems the bytes show: unreadable, another type, duration, size, bitrate, codec, fast start.
    private func probeProblems(
        _ head: HTTPDownloadResponse, mediaFile: VASTMediaFile, adDuration: VASTTime?,
        deadline: ContinuousClock.Instant, result: inout MediaCheckResult
    ) async -> [MediaCheckProblem] {
        var prefix = head.body
        var probed = await verifier.probe(prefix: prefix, totalSize: head.totalSize, limits: limits.probe)
        // A header longer than the head (a long ad's index, a fast-start file's moov past 512 KiB): the rest
        // of the file's budget, in one more Range, then the probe again.
        if case .failure(let error) = probed, error.code == .truncated, head.status == 206,
            let total = head.totalSize, prefix.count < total, prefix.count < limits.maxBytesPerFile,
            let more = await range(
                of: mediaFile, from: prefix.count, count: min(limits.maxBytesPerFile, total) - prefix.count,
                deadline: deadline), more.first == prefix.count
        {
            result.bytesRead += more.bytes.count
            prefix += more.bytes
            probed = await verifier.probe(prefix: prefix, totalSize: total, limits: limits.probe)
        }
        // moov after mdat: the file from the first top-level box past the head (the moov, when mdat is the
        // box the head ends in) to its end, laid out with the head in a sparse file for the probe to read both.
        if case .success(let description) = probed, description.fastStart == false, !description.complete,
            let total = head.totalSize, head.status == 206, prefix.count < limits.maxBytesPerFile,
            let tail = await range(
                of: mediaFile,
                suffix: min(
                    limits.maxBytesPerFile - prefix.count,
                    total - max(Self.firstBoxPast(prefix).map { min($0, total) } ?? prefix.count, prefix.count)),
                deadline: deadline)
        {
            result.bytesRead += tail.bytes.count
            probed = await SparseCopy.probe(
                head: prefix, tail: tail.bytes, tailOffset: tail.first, totalSize: total, verifier: verifier,
                limits: limits.probe)
        }
        switch probed {
        case .failure(let error) where error.code == .unavailable:
            // This machine cannot judge the file: no finding against the file, no IAB code.
            return [MediaCheckProblem(.probeUnavailable, "\(mediaFile.url): \(error.message)", vastErrorCode: nil)]
        case .failure(let error):
            return [
                MediaCheckProblem(.unreadable, "\(mediaFile.url): \(error.message)", vastErrorCode: error.vastErrorCode)
            ]
        case .success(let description):
            result.description = description
            let mismatches = description.mismatches(
                against: MediaExpectation(mediaFile: mediaFile, adDuration: adDuration), tolerance: limits.tolerance)
            return mismatches.map { MediaCheckProblem(mismatch: $0, url: mediaFile.url) }
        }
    }

    /// `count` bytes of the file from byte `from` (or its last `suffix` bytes), when the server sends that range.
    private func range(
        of mediaFile: VASTMediaFile, from first: Int? = nil, count: Int = 0, suffix: Int = 0,
        deadline: ContinuousClock.Instant
    ) async -> (first: Int, bytes: [UInt8])? {
        let wanted = first.map { HTTPByteRange.bytes(first: $0, last: $0 + count - 1) } ?? .suffix(suffix)
        let cap = first == nil ? suffix : count
        guard cap > 0,
            let response = try? await client.download(
                HTTPDownload(
                    url: mediaFile.url, headers: [HTTPHeader("Origin", limits.origin)], destination: .memory,
                    range: wanted, maxBytes: cap, overLimit: .truncate),
                deadline: deadline),
            response.status == 206, let range = response.headers.contentRange
        else { return nil }
        return (range.first, response.body)
    }

    /// Where the first top-level ISO BMFF box that starts past `prefix` starts, from the box headers in it
    /// (32- and 64-bit sizes); `nil` when a box runs to the end of the file or the headers are not boxes.
    static func firstBoxPast(_ prefix: [UInt8]) -> Int? {
        var offset = 0
        for _ in 0..<1_024 {
            guard offset + 8 <= prefix.count else { return offset }
            var size = prefix[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 {
                guard offset + 16 <= prefix.count else { return nil }
                let large = prefix[(offset + 8)..<(offset + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard large <= UInt64(Int.max / 2) else { return nil }
                size = Int(large)
            }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }

    /// The problem an HTTP failure is: a status, or an unreachable file (402 for a timeout).
    static func problem(for error: HTTPError, url: String) -> MediaCheckProblem {
        switch error.code {
        case .badStatus:
            MediaCheckProblem(
                .httpStatus, "\(url) answered HTTP \(error.status ?? 0)", vastErrorCode: .mediaFileNotFound)
        case .noContent:
            MediaCheckProblem(.httpStatus, "\(url) answered with no content", vastErrorCode: .mediaFileNotFound)
        case .timeout, .connectTimeout:
            MediaCheckProblem(.unreachable, "\(url): \(error.message)", vastErrorCode: VASTErrorCode(rawValue: 402))
        default:
            MediaCheckProblem(.unreachable, "\(url): \(error.message)", vastErrorCode: .mediaFileNotFound)
        }
    }

    /// True for a rendition that is streamed (HLS, DASH) or not video the probe reads: only its
    /// answer is checked.
    static func isStreamingOrUnprobed(_ mediaFile: VASTMediaFile) -> Bool {
        CreativeLoader.isStreaming(mediaFile)
    }
}
