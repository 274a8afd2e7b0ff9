/// The top-level boxes of an ISO BMFF / QuickTime file, walked by their headers alone: which of `moov` and
/// `mdat` comes first (fast start), the `ftyp` major brand, and whether a box runs past the end of the file.
///
/// Fast start is judged here, not from what libavformat reads: the `mov` demuxer exports no position for
/// `moov`, and the offsets it asks the AVIO callbacks for are 32 KiB buffer refills whose pattern changes
/// with the buffer size and the demuxer's version; the order of the top-level boxes is what "fast start"
/// means, and reading it costs 8 to 16 bytes a box. Bounded: at most ``maximumBoxes`` headers, each read
/// through the probe's budgeted input.
struct MP4TopLevelBoxes {
    /// The most top-level boxes walked; a file of more tiny boxes is left undecided (nil fast start).
    static let maximumBoxes = 4096

    /// The `ftyp` box's major brand (`isom`, `mp42`, `qt  `, `3gp5`, ...).
    var majorBrand: String?
    /// The offset of the first `moov` box, when the walk reached one.
    var moovOffset: Int?
    /// Where that `moov` box ends (its offset plus its declared size).
    var moovEnd: Int?
    /// The offset of the first `mdat` box, when the walk reached one.
    var mdatOffset: Int?
    /// True when a box declares an end beyond the file's total size (a truncated file).
    var runsPastEnd = false
    /// True when the walk stopped at the end of the readable bytes before finding both `moov` and `mdat`.
    var stoppedAtEndOfInput = false

    /// True when `moov` comes first, false when `mdat` comes first or `moov` was not found in the readable
    /// bytes, nil when the walk could not decide (a header it could not read, too many boxes).
    var fastStart: Bool? {
        switch (moovOffset, mdatOffset) {
        case (let moov?, let mdat?): moov < mdat
        case (_?, nil): true
        case (nil, _?): false
        case (nil, nil): stoppedAtEndOfInput ? false : nil
        }
    }

    /// Walks the top-level boxes of `input`.
    init(walking input: ProbeInput) {
        let end = input.totalSize ?? input.available
        var offset = 0
        for _ in 0..<Self.maximumBoxes {
            if offset >= input.available {
                stoppedAtEndOfInput = true
                return
            }
            guard let header = input.bytes(at: offset, count: 16), header.count >= 8 else { return }
            let size32 = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var size: UInt64 = UInt64(size32)
            if size32 == 1 {
                guard header.count >= 16 else { return }
                size = header[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
            } else if size32 == 0 {
                size = UInt64(max(0, end - offset))
            }
            guard size >= (size32 == 1 ? 16 : 8) else { return }
            if type == "ftyp", header.count >= 12 { majorBrand = String(decoding: header[8..<12], as: UTF8.self) }
            if type == "moov", moovOffset == nil {
                moovOffset = offset
                moovEnd = size <= UInt64(Int.max - offset) ? offset + Int(size) : Int.max
            }
            if type == "mdat", mdatOffset == nil { mdatOffset = offset }
            guard size <= UInt64(end - offset) else {
                if input.totalSize != nil { runsPastEnd = true } else { stoppedAtEndOfInput = true }
                return
            }
            offset += Int(size)
            if moovOffset != nil && mdatOffset != nil { return }
        }
    }
}
