internal import CAVFormat

/// One libavformat demuxer over a ``ProbeInput``: the single owner of the AVFormatContext and its custom
/// AVIOContext, freed in `deinit`. Not `Sendable`: one probe makes it, reads it and drops it on one thread.
///
/// Hardening: the input format is chosen by the probe (never probed among all demuxers) and is also the only
/// entry of `format_whitelist`; `protocol_whitelist` is empty and `io_open` refuses every open, so no file or
/// protocol is opened beyond the bytes given; `probesize` and `max_analyze_duration` are bounded, at most
/// ``maximumStreams`` streams are created; the deadline is checked by the interrupt callback and before
/// every read; `avformat_find_stream_info` is never called, so no decoder ever runs on the file's data.
final class FormatContext {
    /// The AVIO buffer's size; libavformat refills it through the read callback.
    static let bufferSize = 32 << 10
    /// The most streams a file may create (libavformat's default is 1,000).
    static let maximumStreams: Int32 = 16

    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private let input: ProbeInput

    /// Opens `kind`'s demuxer on `input` and reads the container's header.
    /// - Throws: the libav error code and its message (``OpenFailure``).
    init(_ kind: ContainerKind, over input: ProbeInput, limits: MediaProbeLimits) throws(OpenFailure) {
        let av = LibAV.av
        self.input = input
        let opaque = Unmanaged.passUnretained(input).toOpaque()
        guard let buffer = av.av_malloc(Self.bufferSize)?.assumingMemoryBound(to: UInt8.self) else {
            throw OpenFailure(code: ad_averror_errno(ENOMEM))
        }
        io = av.avio_alloc_context(buffer, Int32(Self.bufferSize), 0, opaque, readPacket, nil, seek)
        guard let io else {
            av.av_free(buffer)
            throw OpenFailure(code: ad_averror_errno(ENOMEM))
        }
        io.pointee.seekable = AVIO_SEEKABLE_NORMAL
        context = av.avformat_alloc_context()
        guard let context else { throw OpenFailure(code: ad_averror_errno(ENOMEM)) }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        context.pointee.probesize = Int64(min(limits.maxBytes, 1 << 20))
        context.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        context.pointee.max_streams = Self.maximumStreams
        context.pointee.interrupt_callback = AVIOInterruptCB(callback: interrupted, opaque: opaque)
        ad_av_refuse_io_open(context)

        var options: OpaquePointer?
        defer { av.av_dict_free(&options) }
        // Never opened without its whitelists: a failed set (out of memory) fails the open.
        for (key, value) in [("format_whitelist", ContainerKind.demuxerWhitelist), ("protocol_whitelist", "")] {
            let set = av.av_dict_set(&options, key, value, 0)
            guard set >= 0 else { throw OpenFailure(code: set) }
        }
        let format = av.av_find_input_format(kind.demuxerName)
        let status = av.avformat_open_input(&self.context, "", format, &options)
        guard status >= 0 else {
            // avformat_open_input frees the context on failure and leaves our AVIO context to us.
            self.context = nil
            throw OpenFailure(code: status)
        }
    }

    deinit {
        if context != nil { LibAV.av.avformat_close_input(&context) }
        if io != nil {
            LibAV.av.av_freep(&io!.pointee.buffer)
            LibAV.av.avio_context_free(&io)
        }
    }

    /// The container's duration in seconds, when it declares one.
    var durationSeconds: Double? {
        guard let context, context.pointee.duration != ad_av_nopts_value(), context.pointee.duration > 0 else {
            return nil
        }
        return Double(context.pointee.duration) / Double(AV_TIME_BASE)
    }

    /// The container's own overall bitrate in bit/s, when it has one.
    var bitRate: Int64? {
        guard let context, context.pointee.bit_rate > 0 else { return nil }
        return context.pointee.bit_rate
    }

    /// The streams, copied out of libav.
    var streams: [StreamInfo] {
        guard let context, let streams = context.pointee.streams else { return [] }
        return (0..<Int(context.pointee.nb_streams)).compactMap { index in
            guard let stream = streams[index], let parameters = stream.pointee.codecpar else { return nil }
            return StreamInfo(stream: stream.pointee, parameters: parameters.pointee)
        }
    }
}

/// What avformat_open_input returned when it failed.
struct OpenFailure: Error {
    /// The negative libav error code.
    var code: Int32

    /// True for AVERROR_EOF: the demuxer ran out of bytes.
    var isEndOfFile: Bool { code == ad_averror_eof() }

    /// libav's message for the code.
    var message: String {
        var buffer = [CChar](repeating: 0, count: 128)
        guard LibAV.av.av_strerror(code, &buffer, buffer.count) == 0 else { return "libav error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One stream of a container, copied out of libav's structures.
struct StreamInfo {
    enum Kind {
        case video
        case audio
        case other
    }

    var kind: Kind
    /// libavcodec's name of the codec (`h264`, `aac`, ...).
    var codecName: String
    /// The sample entry's four-character code in MP4 (`avc1`, `avc3`, `hvc1`, `mp4a`), nil when none.
    var fourCC: String?
    /// The codec configuration record (avcC, hvcC, AudioSpecificConfig), at most 64 bytes of it.
    var configuration: [UInt8]
    var width: Int?
    var height: Int?
    /// bit/s, when known.
    var bitRate: Int64?

    init(stream: AVStream, parameters: AVCodecParameters) {
        switch parameters.codec_type {
        case AVMEDIA_TYPE_VIDEO:
            kind = stream.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 ? .video : .other
        case AVMEDIA_TYPE_AUDIO: kind = .audio
        default: kind = .other
        }
        codecName = LibAV.av.avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
        let tag = parameters.codec_tag
        let tagBytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
        fourCC =
            tag != 0 && tagBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            ? String(decoding: tagBytes, as: UTF8.self) : nil
        let size = Int(max(0, min(parameters.extradata_size, 64)))
        configuration = parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        width = parameters.width > 0 ? Int(parameters.width) : nil
        height = parameters.height > 0 ? Int(parameters.height) : nil
        bitRate = parameters.bit_rate > 0 ? parameters.bit_rate : nil
    }
}

/// AVIO read callback: the next bytes of the probe's input at its position.
private let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
    opaque, buffer, size in
    guard let opaque, let buffer, size > 0 else { return ad_averror_eof() }
    let input = Unmanaged<ProbeInput>.fromOpaque(opaque).takeUnretainedValue()
    guard let count = input.readAtPosition(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
    else { return input.stop != nil ? ad_averror_exit() : ad_averror_errno(EIO) }
    return count == 0 ? ad_averror_eof() : Int32(count)
}

/// AVIO seek callback: moves the probe's position, or answers AVSEEK_SIZE with the total size.
private let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
    guard let opaque else { return -1 }
    let input = Unmanaged<ProbeInput>.fromOpaque(opaque).takeUnretainedValue()
    if whence & Int32(AVSEEK_SIZE) != 0 { return Int64(input.totalSize ?? -1) }
    return input.seek(to: offset, whence: whence & ~Int32(AVSEEK_FORCE)).map(Int64.init) ?? -1
}

/// AVIOInterruptCB: non-zero once the probe's deadline has passed.
private let interrupted: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
    guard let opaque else { return 1 }
    return Unmanaged<ProbeInput>.fromOpaque(opaque).takeUnretainedValue().deadlinePassed() ? 1 : 0
}
