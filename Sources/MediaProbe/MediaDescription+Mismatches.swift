import VAST
extension MediaDescription {
    /// The ways this file differs from what its `<MediaFile>` and `<Duration>` say, beyond `tolerance`.
    ///
    /// Only properties both sides know are compared: a value the VAST leaves out, or the probe could not read
    /// (a prefix without `moov`), is never a mismatch. The result is in a fixed order: type, dimensions,
    /// duration, bitrate, size, codec, fast start; empty when the file is what the VAST says.
    /// - Parameters:
    ///   - expectation: what the VAST says.
    ///   - tolerance: how far each property may be off.
    /// - Returns: the mismatches, at most one of each ``MediaMismatch/Kind``.
    public func mismatches(against expectation: MediaExpectation, tolerance: MediaTolerance = .default)
        -> [MediaMismatch]
    {
        [
            typeMismatch(expectation), dimensionsMismatch(expectation, tolerance),
            durationMismatch(expectation, tolerance), bitrateMismatch(expectation, tolerance),
            sizeMismatch(expectation, tolerance), codecMismatch(expectation), fastStartMismatch(),
        ].compactMap { $0 }
    }

    private func typeMismatch(_ expectation: MediaExpectation) -> MediaMismatch? {
        guard let declared = expectation.type.map(MediaTypeNames.essence), !declared.isEmpty, let mimeType else {
            return nil
        }
        guard !MediaTypeNames.accepted(for: mimeType).contains(declared) else { return nil }
        return MediaMismatch(
            kind: .typeMismatch, expected: declared, found: mimeType,
            message: "the MediaFile's type is \(declared) but the file is \(mimeType) (\(container)): "
                + "declare type=\"\(mimeType)\" or serve a \(declared) file")
    }

    private func dimensionsMismatch(_ expectation: MediaExpectation, _ tolerance: MediaTolerance) -> MediaMismatch? {
        guard let declaredWidth = expectation.width, let declaredHeight = expectation.height,
            declaredWidth > 0, declaredHeight > 0, let width, let height
        else { return nil }
        let limit = tolerance.dimensionPixels
        guard abs(width - declaredWidth) > limit || abs(height - declaredHeight) > limit else { return nil }
        return MediaMismatch(
            kind: .dimensionsMismatch, expected: "\(declaredWidth)x\(declaredHeight)", found: "\(width)x\(height)",
            message: "the MediaFile says \(declaredWidth)x\(declaredHeight) but the video is \(width)x\(height): "
                + "declare the file's native size or serve a file of the declared size")
    }

    private func durationMismatch(_ expectation: MediaExpectation, _ tolerance: MediaTolerance) -> MediaMismatch? {
        guard let declared = expectation.duration?.seconds, let durationSeconds else { return nil }
        let allowed = max(tolerance.durationSeconds, tolerance.durationFraction * declared)
        guard abs(durationSeconds - declared) > allowed else { return nil }
        return MediaMismatch(
            kind: .durationMismatch, expected: "\(Self.seconds(declared)) s",
            found: "\(Self.seconds(durationSeconds)) s",
            message:
                "<Duration> says \(Self.seconds(declared)) s but the file lasts \(Self.seconds(durationSeconds)) s "
                + "(tolerance \(Self.seconds(allowed)) s): correct <Duration> or serve the right file")
    }

    private func bitrateMismatch(_ expectation: MediaExpectation, _ tolerance: MediaTolerance) -> MediaMismatch? {
        guard let found = bitrateKbps else { return nil }
        let fraction = tolerance.bitrateFraction
        if let declared = expectation.bitrate, declared > 0 {
            guard abs(Double(found - declared)) > fraction * Double(declared) else { return nil }
            return MediaMismatch(
                kind: .bitrateMismatch, expected: "\(declared) kbit/s", found: "\(found) kbit/s",
                message: "the MediaFile's bitrate is \(declared) kbit/s but the file averages \(found) kbit/s "
                    + "(tolerance \(Int(fraction * 100)) %): declare the file's average bitrate")
        }
        let low = expectation.minBitrate.map { Double($0) * (1 - fraction) }
        let high = expectation.maxBitrate.map { Double($0) * (1 + fraction) }
        guard low != nil || high != nil else { return nil }
        guard Double(found) < (low ?? -1) || Double(found) > (high ?? .infinity) else { return nil }
        let range =
            "\(expectation.minBitrate.map(String.init) ?? "")...\(expectation.maxBitrate.map(String.init) ?? "")"
        return MediaMismatch(
            kind: .bitrateMismatch, expected: "\(range) kbit/s", found: "\(found) kbit/s",
            message: "the MediaFile's bitrate range is \(range) kbit/s but the file averages \(found) kbit/s "
                + "(tolerance \(Int(fraction * 100)) %): declare the file's bitrates")
    }

    private func sizeMismatch(_ expectation: MediaExpectation, _ tolerance: MediaTolerance) -> MediaMismatch? {
        guard let declared = expectation.fileSize, declared > 0, let fileSize else { return nil }
        guard abs(Double(fileSize - declared)) > tolerance.sizeFraction * Double(declared) else { return nil }
        return MediaMismatch(
            kind: .sizeMismatch, expected: "\(declared) bytes", found: "\(fileSize) bytes",
            message: "the MediaFile's fileSize is \(declared) bytes but the file has \(fileSize) "
                + "(tolerance \(Int(tolerance.sizeFraction * 100)) %): declare the file's size")
    }

    private func codecMismatch(_ expectation: MediaExpectation) -> MediaMismatch? {
        guard let declared = expectation.codec else { return nil }
        let present = Set([videoCodec, audioCodec].compactMap { $0 })
        guard !present.isEmpty else { return nil }
        let missing = CodecNames.families(in: declared).filter { !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        let found = [videoCodec, audioCodec].compactMap { $0 }.joined(separator: ", ")
        return MediaMismatch(
            kind: .codecMismatch, expected: declared, found: codecsParameter ?? found,
            message: "the MediaFile's codec says \(missing.joined(separator: ", ")) but the file holds \(found): "
                + "declare codec=\"\(codecsParameter ?? found)\" or serve a file in the declared codec")
    }

    private func fastStartMismatch() -> MediaMismatch? {
        guard fastStart == false else { return nil }
        return MediaMismatch(
            kind: .noFastStart, expected: "moov before mdat", found: "moov after mdat",
            message: "the \(container) file keeps its moov box after the media data, so a player must download "
                + "all of it before playing: re-mux it with the index first (ffmpeg -movflags +faststart)")
    }

    /// Seconds with at most one decimal (`15`, `40.1`).
    private static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "\(value)" }
        let whole = Int(tenths)
        return whole % 10 == 0 ? "\(whole / 10)" : "\(whole / 10).\(abs(whole % 10))"
    }
}

/// MIME types a container may be declared as.
enum MediaTypeNames {
    /// `type` without parameters, lower-cased and trimmed (`Video/MP4; codecs="avc1"` is `video/mp4`).
    static func essence(_ type: String) -> String {
        String(type.split(separator: ";", maxSplits: 1).first ?? "").trimming(" \t\r\n").lowercased()
    }

    /// The declared types that name `mimeType` (the type the probe found) or an accepted alias of it.
    static func accepted(for mimeType: String) -> Set<String> {
        switch mimeType {
        case "video/mp4": ["video/mp4", "video/x-m4v", "application/mp4"]
        case "audio/mp4": ["audio/mp4", "audio/x-m4a", "audio/m4a"]
        case "video/quicktime": ["video/quicktime"]
        default: [mimeType]
        }
    }
}

/// Codec names as a `codec` attribute writes them, as libavcodec's names.
enum CodecNames {
    /// The libavcodec names of the codecs `declared` names, in order, unknown names left out:
    /// `avc1.42E01E, mp4a.40.2` is `h264, aac`; `H.264` is `h264`; `VP9` is `vp9`.
    static func families(in declared: String) -> [String] {
        var result: [String] = []
        for token in declared.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let name = String(token).trimming("\"'").lowercased()
            guard let family = family(of: name), !result.contains(family) else { continue }
            result.append(family)
        }
        return result
    }

    private static let prefixes: [(String, String)] = [
        ("avc1", "h264"), ("avc3", "h264"), ("h264", "h264"), ("h.264", "h264"), ("x264", "h264"), ("avc", "h264"),
        ("hvc1", "hevc"), ("hev1", "hevc"), ("hevc", "hevc"), ("h265", "hevc"), ("h.265", "hevc"),
        ("vp08", "vp8"), ("vp8", "vp8"), ("vp09", "vp9"), ("vp9", "vp9"), ("av01", "av1"), ("av1", "av1"),
        ("mp4a.40", "aac"), ("aac", "aac"), ("mp4a.6b", "mp3"), ("mp4a.69", "mp3"), ("mp3", "mp3"),
        ("opus", "opus"), ("vorbis", "vorbis"),
    ]

    private static func family(of name: String) -> String? {
        prefixes.first { name.hasPrefix($0.0) }?.1
    }
}

extension String {
    /// The string without leading and trailing characters from `characters`.
    fileprivate func trimming(_ characters: String) -> String {
        let set = Set(characters)
        return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
