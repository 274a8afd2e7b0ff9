/// Which demuxer a file needs, judged from its first bytes before libavformat sees any of them.
///
/// The probe chooses the input format itself (libavformat's own probing would score the bytes against every
/// demuxer compiled in), and only for the two families a player here plays: anything else is refused with a
/// name for what it looks like, or as unreadable.
enum ContainerKind: Equatable {
    /// ISO BMFF / QuickTime: libavformat's `mov` demuxer.
    case mp4Family
    /// EBML: libavformat's `matroska` demuxer (WebM is Matroska with DocType `webm`).
    case matroska

    /// libavformat's short names of the demuxers the probe allows, as its `format_whitelist` option.
    static let demuxerWhitelist = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm"

    /// The name `av_find_input_format` knows the demuxer by.
    var demuxerName: String {
        switch self {
        case .mp4Family: "mov"
        case .matroska: "matroska"
        }
    }

    /// The box types an ISO BMFF or QuickTime file may start with.
    private static let firstBoxTypes: Set<String> = ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot", "uuid"]

    /// The container `head` (the file's first bytes, 16 or more when the file has them) belongs to.
    /// - Throws: `unsupportedContainer` for a recognisable format outside the two families, `unreadable`
    ///   for anything else.
    static func sniff(_ head: [UInt8]) throws(MediaProbeError) -> ContainerKind {
        if head.count >= 8, let type = String(validating: head[4..<8], as: UTF8.self), firstBoxTypes.contains(type) {
            return .mp4Family
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        if let other = otherFormat(head) {
            throw MediaProbeError(
                .unsupportedContainer,
                "the media file is \(other), not MP4 or WebM: serve an MP4 (H.264) or WebM file, or declare its type")
        }
        throw MediaProbeError(
            .unreadable,
            head.isEmpty
                ? "the media file is empty" : "the media file is not a media container (no MP4 box or EBML header)")
    }

    /// What a file outside the two families looks like, by its magic bytes.
    private static func otherFormat(_ head: [UInt8]) -> String? {
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if starts("#EXTM3U") { return "an HLS playlist" }
        if starts("OggS") { return "an Ogg file" }
        if starts("FLV") { return "an FLV file" }
        if starts("RIFF") { return "a RIFF file (AVI or WAVE)" }
        if starts("ID3") || (head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0) {
            return "an MPEG audio or ADTS stream"
        }
        if head.first == 0x47 && (head.count < 189 || head[188] == 0x47) { return "an MPEG transport stream" }
        if starts("GIF8") || starts("\u{89}PNG") || head.starts(with: [0xFF, 0xD8, 0xFF]) { return "an image" }
        let text = head.drop {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        if text.first == UInt8(ascii: "<") || text.first == UInt8(ascii: "{") {
            return "a text document (HTML, XML or JSON)"
        }
        return nil
    }
}
