extension VASTRuleCatalog {
    /// The `media.*` family: what `vastcheck --media` finds when it fetches a `<MediaFile>` (with HTTP
    /// `Range`, so a large file is read at its head, and its tail when its `moov` box is there) and probes it.
    /// Reported by the media check (``VASTRule/Origin/media``), never by the parser.
    static let media: [VASTRule] = [
        rule(
            "media.unreachable", .error, section: "3.9.1", code: .mediaFileNotFound,
            summary:
                "The media file could not be fetched: no such host, refused, TLS, or no answer in time (a timeout is 402)",
            bad: "<MediaFile …>https://cdn.invalid/spot.mp4</MediaFile>",
            good: "<MediaFile …>https://cdn.example/spot.mp4</MediaFile>"),
        rule(
            "media.http-status", .error, section: "3.9.1", code: .mediaFileNotFound,
            summary: "The media file's URL answers with a status other than 200 or 206 (a 404, a 500)",
            bad: "<MediaFile …>https://cdn.example/deleted.mp4</MediaFile>  (HTTP 404)",
            good: "<MediaFile …>https://cdn.example/spot.mp4</MediaFile>  (HTTP 200)"),
        rule(
            "media.insecure-url", .warning, section: "3",
            summary: "A plain http media file: pages served over https (most players) block it as mixed content",
            bad: "<MediaFile …>http://cdn.example/spot.mp4</MediaFile>",
            good: "<MediaFile …>https://cdn.example/spot.mp4</MediaFile>"),
        rule(
            "media.content-type", .error, section: "3.9.1", code: .noSupportedMediaFile,
            summary:
                "The file is served as another Content-Type than its type attribute: an error for text or HTML (an error page), a warning otherwise",
            bad: #"<MediaFile type="video/mp4" …>  (Content-Type: text/html)"#,
            good: #"<MediaFile type="video/mp4" …>  (Content-Type: video/mp4)"#),
        rule(
            "media.cors", .warning, section: "3",
            summary:
                "No Access-Control-Allow-Origin for a web player's origin: players that read the bytes (MSE, measurement) cannot",
            bad: "(response without Access-Control-Allow-Origin)", good: "Access-Control-Allow-Origin: *"),
        rule(
            "media.unreadable", .error, section: "3.9.1", code: VASTErrorCode(rawValue: 405),
            summary:
                "The bytes are not a media file a player reads (random bytes, a truncated file, an HTML page); 403 for a container no player here supports",
            bad: #"<MediaFile type="video/mp4" …>  (the first bytes are "<html>")"#,
            good: #"<MediaFile type="video/mp4" …>  (an ISO BMFF file: ftyp, moov, mdat)"#),
        rule(
            "media.type", .error, section: "3.9.1", code: .noSupportedMediaFile,
            summary: "The file's container is not its type attribute (a WebM declared video/mp4)",
            bad: #"<MediaFile type="video/mp4" …>https://cdn.example/spot.webm</MediaFile>"#,
            good: #"<MediaFile type="video/webm" …>https://cdn.example/spot.webm</MediaFile>"#),
        rule(
            "media.duration", .error, section: "3.8.1", code: .unexpectedDuration,
            summary: "The file lasts other than the Linear's <Duration>, beyond max(1 s, 5 %)",
            bad: "<Duration>00:00:15</Duration>  (the file lasts 40 s)",
            good: "<Duration>00:00:40</Duration>  (the file lasts 40 s)"),
        rule(
            "media.dimensions", .warning, section: "3.9.1", code: .unexpectedSize,
            summary: "The file's native size is not its width and height attributes",
            bad: #"<MediaFile width="640" height="360" …>  (the file is 1280x720)"#,
            good: #"<MediaFile width="1280" height="720" …>  (the file is 1280x720)"#),
        rule(
            "media.bitrate", .warning, section: "3.9.1",
            summary:
                "The file's average bitrate is off its bitrate attribute by more than 25 % (or outside minBitrate to maxBitrate)",
            bad: #"<MediaFile bitrate="4000" …>  (the file averages 800 kbit/s)"#,
            good: #"<MediaFile bitrate="800" …>  (the file averages 800 kbit/s)"#),
        rule(
            "media.codec", .warning, section: "3.9.1", code: .noSupportedMediaFile,
            summary: "A codec the codec attribute names is not in the file",
            bad: #"<MediaFile codec="vp9" type="video/mp4" …>  (the file is H.264)"#,
            good: #"<MediaFile codec="avc1.42E01E" type="video/mp4" …>  (the file is H.264)"#),
        rule(
            "media.size", .warning, section: "3.9.1", versions: .v4_1 ... .v4_3,
            summary: "The file's size is off its fileSize attribute by more than 5 %",
            bad: #"<MediaFile fileSize="900000" …>  (the file holds 2,400,000 bytes)"#,
            good: #"<MediaFile fileSize="2400000" …>  (the file holds 2,400,000 bytes)"#),
        rule(
            "media.fast-start", .warning, section: "3.9.1",
            summary:
                "An MP4 whose moov box comes after mdat: it cannot start playing before it is all downloaded (ffmpeg -movflags +faststart fixes it)",
            bad: "ftyp, mdat, moov", good: "ftyp, moov, mdat"),
        rule(
            "media.probe-unavailable", .warning, section: nil,
            summary:
                "A media file not probed: FFmpeg's libraries (libavformat, loaded on the first probe) cannot be loaded on this machine; install them (Debian: libavformat59)",
            bad: "vastcheck validate --media tag.xml  (on a machine without libavformat59)",
            good: "apt-get install libavformat59; vastcheck validate --media tag.xml"),
        rule(
            "media.budget", .info, section: nil,
            summary:
                "A media file not checked: the run's byte or time budget for media (--media-run-bytes, --media-run-timeout) was spent",
            bad: "vastcheck validate --media --media-run-bytes 1048576 tags/  (hundreds of media files)",
            good: "vastcheck validate --media tags/"),
    ]

    private static func rule(
        _ id: String, _ severity: VASTFinding.Severity, section: String?,
        versions: ClosedRange<VASTVersion> = .v2_0 ... .v4_3,
        code: VASTErrorCode? = nil, summary: String, bad: String, good: String
    ) -> VASTRule {
        VASTRule(
            id: id, severity: severity, category: .content, versions: versions, section: section, vastErrorCode: code,
            origin: .media, summary: summary, badExample: bad, goodExample: good)
    }
}
