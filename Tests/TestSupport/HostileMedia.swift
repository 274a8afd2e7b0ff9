/// Hostile media files built byte by byte: MP4 boxes and EBML elements whose sizes, counts and nesting no
/// encoder would write. The hostile corpus (`Tests/Hostile/media`, through `hostile-media --generate NAME`)
/// and the probe's tests make them at run time, so a 12 MB box table is a recipe, not a checked-in file.
public enum HostileMedia {
    /// Every recipe by name: what it builds is in the name and in the corpus case that uses it.
    public static let recipes: [String: @Sendable () -> [UInt8]] = [
        "mp4-minimal": { mp4() },
        "mp4-huge-dimensions": { mp4(width: 0xFFFF, height: 0xFFFF) },
        "mp4-top-box-size-max": {
            fileType() + [0, 0, 0, 1] + Array("moov".utf8) + [UInt8](repeating: 0xFF, count: 8) + mvhd()
        },
        "mp4-inner-box-size-max": {
            fileType() + box("moov", mvhd() + [0, 0, 0, 1] + Array("trak".utf8) + [UInt8](repeating: 0xFF, count: 8))
        },
        "mp4-nested-100k": { fileType() + nested(100_000, type: "moov", innermost: mvhd()) },
        "mp4-nested-udta-100k": { fileType() + box("moov", mvhd() + nested(100_000, type: "udta", innermost: [])) },
        "mp4-moov-3m-entries": { mp4(samples: 3_000_000) },
        "mp4-moov-5m-entries": { mp4(samples: 5_000_000) },
        "mp4-constant-size-4g-samples": { mp4(samples: 1, declaredSampleCount: 0xFFFF_FFFF, constantSize: 1) },
        "mp4-stts-huge-counts": { mp4(samples: 4, timeToSampleCount: 0x7FFF_FFFF) },
        "mp4-100-tracks": { mp4(tracks: 100) },
        "mp4-mdat-only": { box("mdat", [UInt8](repeating: 0, count: 4096)) },
        "mp4-zero-timescale": { mp4(timescale: 0) },
        "mp4-moov-last": { mp4(moovFirst: false) },
        "mp4-ftyp-then-random": { fileType() + random(64 << 10) },
        "random-64k": { random(64 << 10) },
        "empty": { [] },
        "hls-playlist": { Array("#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:10,\nsegment0.ts\n".utf8) },
        "html-page": { Array("<!doctype html><html><body>404 Not Found</body></html>".utf8) },
        "mp4-moov-last-cut": {
            let whole = mp4(moovFirst: false)
            return Array(whole.prefix(whole.count - 40))
        },
        "ebml-minimal": { webm() },
        "ebml-huge-segment": {
            ebmlHeader() + element(segmentID, size: 0x00FF_FFFF_FFFF_FFFE, webmSegmentBody() + cluster())
        },
        "ebml-huge-header": { element(ebmlID, size: 0x00FF_FFFF_FFFF_FFFE, []) },
        "ebml-huge-tracks": {
            ebmlHeader()
                + element(segmentID, size: nil, webmInfo() + element(tracksID, size: 0x00FF_FFFF_FFFF_FFFE, []))
        },
        "ebml-huge-doctype": {
            element(ebmlID, size: nil, element([0x42, 0x82], size: 100_000_000, Array("webm".utf8)))
        },
        "ebml-huge-dimensions": { webm(width: 0xFFFF_FFFF_FFFF, height: 0xFFFF_FFFF_FFFF) },
        "ebml-deep-nesting": {
            ebmlHeader() + element(segmentID, size: nil, webmInfo() + nestedEBML(100_000, id: [0xA0]))
        },
        "ebml-1000-tracks": { webm(tracks: 1000) },
    ]

    // MARK: - MP4

    /// A box with a 32-bit size.
    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(truncatingIfNeeded: payload.count + 8)) + Array(type.utf8) + payload
    }

    /// A full box (version 0, `flags`).
    static func fullBox(_ type: String, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, be32(flags & 0x00FF_FFFF) + payload)
    }

    static func fileType() -> [UInt8] {
        box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2avc1mp41".utf8))
    }

    static func mvhd(timescale: UInt32 = 1000, duration: UInt32 = 15_000) -> [UInt8] {
        fullBox(
            "mvhd",
            be32(0) + be32(0) + be32(timescale) + be32(duration) + be32(0x0001_0000) + be16(0x0100)
                + zeros(10) + matrix() + zeros(24) + be32(2))
    }

    static func matrix() -> [UInt8] {
        be32(0x0001_0000) + zeros(12) + be32(0x0001_0000) + zeros(12) + be32(0x4000_0000)
    }

    /// `count` boxes of `type`, each inside the one before, around `innermost`; built from the inside out.
    static func nested(_ count: Int, type: String, innermost: [UInt8]) -> [UInt8] {
        var sizes: [Int] = []
        var size = innermost.count
        for _ in 0..<count {
            size += 8
            sizes.append(size)
        }
        var result: [UInt8] = []
        result.reserveCapacity(size)
        for level in sizes.reversed() { result += be32(UInt32(truncatingIfNeeded: level)) + Array(type.utf8) }
        return result + innermost
    }

    /// A video-only MP4 with `tracks` identical tracks of `samples` one-byte samples in one chunk, written into
    /// one buffer (boxes get their size when they close), so a recipe of millions of entries needs no copies.
    static func mp4(
        width: UInt16 = 640, height: UInt16 = 360, samples: Int = 25, declaredSampleCount: UInt32? = nil,
        constantSize: UInt32 = 0, timeToSampleCount: UInt32? = nil, tracks: Int = 1, timescale: UInt32 = 1000,
        moovFirst: Bool = true
    ) -> [UInt8] {
        let mediaCount = constantSize == 0 ? samples : Int(constantSize)
        let head = fileType()
        // The moov's size does not depend on the data offset it holds, so a first pass with offset 0 gives it.
        func moov(dataOffset: UInt32) -> BoxWriter {
            var writer = BoxWriter(capacity: head.count + 1024 * tracks + samples * 4 * tracks + mediaCount + 64)
            writer.bytes = moovFirst ? head : []
            writer.box("moov") { writer in
                writer.bytes += mvhd(timescale: timescale)
                for _ in 0..<tracks {
                    trak(
                        into: &writer, width: width, height: height, samples: samples,
                        count: declaredSampleCount ?? UInt32(truncatingIfNeeded: samples), constantSize: constantSize,
                        timeToSampleCount: timeToSampleCount, timescale: timescale, dataOffset: dataOffset)
                }
            }
            return writer
        }
        if moovFirst {
            let moovSize = moov(dataOffset: 0).bytes.count - head.count
            var writer = moov(dataOffset: UInt32(truncatingIfNeeded: head.count + moovSize + 8))
            writer.box("mdat") { $0.bytes += zeros(mediaCount) }
            return writer.bytes
        }
        return head + box("mdat", zeros(mediaCount)) + moov(dataOffset: UInt32(head.count + 8)).bytes
    }

    private static func trak(
        into writer: inout BoxWriter, width: UInt16, height: UInt16, samples: Int, count: UInt32,
        constantSize: UInt32, timeToSampleCount: UInt32?, timescale: UInt32, dataOffset: UInt32
    ) {
        let tkhd = fullBox(
            "tkhd", flags: 3,
            be32(0) + be32(0) + be32(1) + be32(0) + be32(15_000) + zeros(8) + be16(0) + be16(0) + be16(0)
                + be16(0) + matrix() + be32(UInt32(width) << 16) + be32(UInt32(height) << 16))
        let mdhd = fullBox("mdhd", be32(0) + be32(0) + be32(timescale) + be32(15_000) + be16(0x55C4) + be16(0))
        let hdlr = fullBox("hdlr", be32(0) + Array("vide".utf8) + zeros(12) + [0])
        let avcC = box("avcC", [1, 0x42, 0xC0, 0x1F, 0xFF, 0xE0, 0])
        let entry = box(
            "avc1",
            zeros(6) + be16(1) + zeros(16) + be16(width) + be16(height) + be32(0x0048_0000) + be32(0x0048_0000)
                + be32(0) + be16(1) + zeros(32) + be16(0x0018) + be16(0xFFFF) + avcC)
        let dinf = box("dinf", fullBox("dref", be32(1) + fullBox("url ", flags: 1, [])))
        writer.box("trak") { writer in
            writer.bytes += tkhd
            writer.box("mdia") { writer in
                writer.bytes += mdhd + hdlr
                writer.box("minf") { writer in
                    writer.bytes += fullBox("vmhd", flags: 1, zeros(8)) + dinf
                    writer.box("stbl") { writer in
                        writer.bytes += fullBox("stsd", be32(1) + entry)
                        writer.bytes += fullBox("stts", be32(1) + be32(timeToSampleCount ?? count) + be32(40))
                        writer.bytes += fullBox("stsc", be32(1) + be32(1) + be32(count) + be32(1))
                        writer.box("stsz") { writer in
                            writer.bytes += be32(0) + be32(constantSize) + be32(count)
                            guard constantSize == 0 else { return }
                            let start = writer.bytes.count
                            writer.bytes += zeros(samples * 4)
                            writer.bytes.withUnsafeMutableBufferPointer { bytes in
                                for index in stride(from: start + 3, to: bytes.count, by: 4) { bytes[index] = 1 }
                            }
                        }
                        writer.bytes += fullBox("stco", be32(1) + be32(dataOffset))
                    }
                }
            }
        }
    }

    /// Writes boxes into one buffer: a box's size is written when its body is done.
    struct BoxWriter {
        var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func box(_ type: String, _ body: (inout BoxWriter) -> Void) {
            let start = bytes.count
            bytes += [0, 0, 0, 0] + Array(type.utf8)
            body(&self)
            let size = be32(UInt32(truncatingIfNeeded: bytes.count - start))
            bytes.replaceSubrange(start..<start + 4, with: size)
        }
    }

    // MARK: - EBML

    static let ebmlID: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
    static let segmentID: [UInt8] = [0x18, 0x53, 0x80, 0x67]
    static let tracksID: [UInt8] = [0x16, 0x54, 0xAE, 0x6B]

    /// An element with an 8-byte size (nil: the reserved "unknown size").
    public static func element(_ id: [UInt8], size: UInt64?, _ payload: [UInt8]) -> [UInt8] {
        let value = size ?? 0x00FF_FFFF_FFFF_FFFF
        return id + [0x01] + (0..<7).map { UInt8(truncatingIfNeeded: value >> (8 * (6 - $0))) } + payload
    }

    private static func element(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        element(id, size: UInt64(payload.count), payload)
    }

    private static func unsigned(_ id: [UInt8], _ value: UInt64) -> [UInt8] {
        element(id, (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) })
    }

    static func ebmlHeader(docType: String = "webm") -> [UInt8] {
        element(
            ebmlID,
            unsigned([0x42, 0x86], 1) + unsigned([0x42, 0xF7], 1) + unsigned([0x42, 0xF2], 4)
                + unsigned([0x42, 0xF3], 8) + element([0x42, 0x82], Array(docType.utf8))
                + unsigned([0x42, 0x87], 2) + unsigned([0x42, 0x85], 2))
    }

    static func webmInfo() -> [UInt8] {
        let duration = (15_000.0).bitPattern
        return element(
            [0x15, 0x49, 0xA9, 0x66],
            unsigned([0x2A, 0xD7, 0xB1], 1_000_000)
                + element([0x44, 0x89], (0..<8).map { UInt8(truncatingIfNeeded: duration >> (8 * (7 - $0))) }))
    }

    static func webmSegmentBody(width: UInt64 = 640, height: UInt64 = 360, tracks: Int = 1) -> [UInt8] {
        let entries = (1...max(1, tracks)).map { number in
            element(
                [0xAE],
                unsigned([0xD7], UInt64(number)) + unsigned([0x73, 0xC5], UInt64(number))
                    + element([0x86], Array("V_VP9".utf8)) + unsigned([0x83], 1)
                    + element([0xE0], unsigned([0xB0], width) + unsigned([0xBA], height)))
        }
        return webmInfo() + element(tracksID, Array(entries.joined()))
    }

    static func webm(width: UInt64 = 640, height: UInt64 = 360, tracks: Int = 1) -> [UInt8] {
        let body = webmSegmentBody(width: width, height: height, tracks: tracks) + cluster()
        return ebmlHeader() + element(segmentID, body)
    }

    /// A Cluster at time 0 holding one SimpleBlock of track 1 (a keyframe of four bytes).
    static func cluster() -> [UInt8] {
        element([0x1F, 0x43, 0xB6, 0x75], unsigned([0xE7], 0) + element([0xA3], [0x81, 0, 0, 0x80, 1, 2, 3, 4]))
    }

    /// `count` unknown-size master elements `id`, each inside the one before.
    static func nestedEBML(_ count: Int, id: [UInt8]) -> [UInt8] {
        let one = element(id, size: nil, [])
        var result: [UInt8] = []
        result.reserveCapacity(one.count * count)
        for _ in 0..<count { result += one }
        return result
    }

    // MARK: - Bytes

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    /// `count` seeded pseudo-random bytes (the same on every run).
    static func random(_ count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: 0x686F_7374_696C_65)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
}
