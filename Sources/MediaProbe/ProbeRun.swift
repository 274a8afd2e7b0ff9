/// One probe from start to end: sniff the container, walk its top-level structure, let libavformat read its
/// header, and describe what it found (or say precisely why not).
struct ProbeRun {
    let input: ProbeInput
    let limits: MediaProbeLimits
    let complete: Bool

    /// The bytes read to recognise a container (188 + 4 so an MPEG-TS second sync byte is seen).
    private static let headBytes = 192

    func describe() throws(MediaProbeError) -> MediaDescription {
        guard let head = input.bytes(at: 0, count: Self.headBytes) else { throw stopError() }
        let kind = try ContainerKind.sniff(head)
        var description = MediaDescription(container: "", fileSize: input.totalSize, complete: complete)
        var boxes: MP4TopLevelBoxes?
        switch kind {
        case .mp4Family:
            let walk = MP4TopLevelBoxes(walking: input)
            boxes = walk
            description.container = Self.mp4Container(brand: walk.majorBrand)
            description.fastStart = walk.fastStart
            if walk.runsPastEnd { throw truncated("a box runs past the end of the file") }
        case .matroska:
            let header = EBMLHeader(reading: input)
            description.container = header.docType == "webm" ? "webm" : "matroska"
            if header.runsPastEnd { throw truncated("its Segment runs past the end of the file") }
        }
        if input.stop != nil { throw stopError() }

        if !complete, let boxes {
            switch (boxes.fastStart, boxes.moovEnd.map { $0 <= input.available }) {
            case (false?, let whole) where whole != true:
                // The moov box is not (wholly) in the prefix: all it can say is that the file does not start fast.
                description.byteCount = input.bytesSeen
                return description
            case (true?, false?):
                // libavformat would read what it could of a cut moov and describe part of the file as the whole.
                throw prefixTooShort("moov box")
            default: break
            }
        }

        if let problem = LibAV.loadProblem {
            throw MediaProbeError(.unavailable, "FFmpeg's libavformat cannot be used: \(problem)")
        }
        let format: FormatContext
        do {
            format = try FormatContext(kind, over: input, limits: limits)
        } catch {
            if input.stop != nil { throw stopError() }
            if error.isEndOfFile || (!complete && input.reachedEnd) {
                throw complete ? truncated("its header is cut short") : prefixTooShort("header")
            }
            if let boxes, boxes.moovOffset == nil, complete {
                throw MediaProbeError(.unreadable, "the MP4 file has no moov box: re-encode or re-mux it")
            }
            throw MediaProbeError(
                .unreadable, "libavformat cannot read the \(description.container) file: \(error.message)")
        }
        if input.stop != nil { throw stopError() }
        guard format.streams.contains(where: { $0.kind != .other }) else {
            throw MediaProbeError(.noVideoStream, "the \(description.container) file holds no video or audio stream")
        }
        fill(&description, from: format, matroska: kind == .matroska)
        description.byteCount = input.bytesSeen
        return description
    }

    /// The fields libavformat read, into `description`.
    private func fill(_ description: inout MediaDescription, from format: FormatContext, matroska: Bool) {
        let streams = format.streams
        let video = streams.first { $0.kind == .video }
        let audio = streams.first { $0.kind == .audio }
        description.durationSeconds = format.durationSeconds
        description.width = video?.width
        description.height = video?.height
        description.videoCodec = video?.codecName
        description.audioCodec = audio?.codecName
        description.mimeType = Self.mimeType(container: description.container, video: video != nil)
        let chosen = [video, audio].compactMap { $0 }
        let codecs = chosen.compactMap { CodecsParameter.of($0, inMatroska: matroska) }
        description.codecsParameter =
            !chosen.isEmpty && codecs.count == chosen.count ? codecs.joined(separator: ", ") : nil
        description.bitrateKbps = bitrateKbps(format: format, streams: streams, duration: description.durationSeconds)
    }

    /// The file's size over its duration when both are known, else the container's or the streams' bitrate.
    private func bitrateKbps(format: FormatContext, streams: [StreamInfo], duration: Double?) -> Int? {
        if let total = input.totalSize, let duration, duration > 0 {
            return Self.kilobits(Double(total) * 8 / duration)
        }
        if let rate = format.bitRate { return Self.kilobits(Double(rate)) }
        let sum = streams.compactMap(\.bitRate).reduce(0.0) { $0 + Double($1) }
        return sum > 0 ? Self.kilobits(sum) : nil
    }

    /// bit/s as whole kbit/s; nil for a value no real file has (NaN, infinite, beyond 10^9 kbit/s).
    private static func kilobits(_ bitsPerSecond: Double) -> Int? {
        let value = (bitsPerSecond / 1000).rounded()
        return value.isFinite && value >= 0 && value < 1e9 ? Int(value) : nil
    }

    /// The MP4 family member by the `ftyp` major brand: QuickTime (`qt  `, or no `ftyp` at all), 3GPP, or MP4.
    static func mp4Container(brand: String?) -> String {
        guard let brand, brand != "qt  " else { return "mov" }
        if brand.hasPrefix("3g") { return "3gp" }
        return "mp4"
    }

    /// The MIME type a container plays as, video or audio by whether it has a video stream.
    static func mimeType(container: String, video: Bool) -> String? {
        let kind = video ? "video" : "audio"
        switch container {
        case "mp4": return "\(kind)/mp4"
        case "3gp": return "\(kind)/3gpp"
        case "mov": return "video/quicktime"
        case "webm": return "\(kind)/webm"
        case "matroska": return "\(kind)/x-matroska"
        default: return nil
        }
    }

    private func truncated(_ detail: String) -> MediaProbeError {
        MediaProbeError(.truncated, "the media file is truncated: \(detail); fetch or encode it again")
    }

    /// A prefix that ends before the part of the container the probe needs: `truncated`, since the bytes given
    /// are a cut file, with advice to fetch more.
    private func prefixTooShort(_ part: String) -> MediaProbeError {
        MediaProbeError(
            .truncated, "the first \(input.available) bytes end inside the file's \(part): probe a longer prefix")
    }

    /// The error for the reason ``ProbeInput/stop`` recorded.
    private func stopError() -> MediaProbeError {
        switch input.stop {
        case .deadline?:
            MediaProbeError(
                .timedOut,
                "probing the media file took longer than \(limits.timeBudget): the file is too complex to read")
        case .byteCap?:
            MediaProbeError(
                .tooLarge,
                "probing the media file needed more than \(limits.maxBytes) bytes: its header or index is too large")
        case nil:
            MediaProbeError(.unreadable, "the media file could not be read")
        }
    }
}
