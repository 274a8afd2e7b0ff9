/// RFC 6381 `codecs` strings derived from a stream's codec configuration (the `avcC`, `hvcC` or
/// AudioSpecificConfig record the container carries), without decoding any media data.
enum CodecsParameter {
    /// The string for `stream` in `container`, nil when it cannot be derived (a codec this list does not
    /// know, or a configuration record that is missing or malformed).
    static func of(_ stream: StreamInfo, inMatroska: Bool) -> String? {
        let config = stream.configuration
        if inMatroska {
            // WebM's codecs parameter names the codec alone (vp8, vp9, vorbis, opus); the profile form
            // (vp09.PP.LL.DD) needs bitstream data the container does not carry.
            return ["vp8", "vp9", "vorbis", "opus"].contains(stream.codecName) ? stream.codecName : nil
        }
        switch stream.codecName {
        case "h264":
            guard config.count >= 4, config[0] == 1 else { return nil }
            let entry = stream.fourCC == "avc3" ? "avc3" : "avc1"
            return "\(entry).\(hex(config[1]))\(hex(config[2]))\(hex(config[3]))"
        case "hevc":
            return hevc(config, entry: stream.fourCC == "hev1" ? "hev1" : "hvc1")
        case "aac":
            guard let first = config.first else { return nil }
            var objectType = Int(first >> 3)
            if objectType == 31 {
                guard config.count >= 2 else { return nil }
                objectType = 32 + (Int(first & 0x07) << 3 | Int(config[1] >> 5))
            }
            return objectType == 0 ? nil : "mp4a.40.\(objectType)"
        case "opus": return "opus"
        default: return nil
        }
    }

    /// `hvc1.{space}{profile}.{compatibility}.{tier}{level}.{constraints}` from an `hvcC` record
    /// (ISO/IEC 14496-15 annex E).
    private static func hevc(_ config: [UInt8], entry: String) -> String? {
        guard config.count >= 13, config[0] == 1 else { return nil }
        let space = ["", "A", "B", "C"][Int(config[1] >> 6)]
        let tier = config[1] & 0x20 != 0 ? "H" : "L"
        let profile = config[1] & 0x1F
        let compatibility = config[2..<6].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var constraints = Array(config[6..<12])
        while constraints.last == 0 { constraints.removeLast() }
        let compatibilityText = String(compatibility.bitReversed, radix: 16, uppercase: true)
        let parts =
            ["\(entry)", "\(space)\(profile)", compatibilityText, "\(tier)\(config[12])"] + constraints.map(hex)
        return parts.joined(separator: ".")
    }

    private static func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + text : text
    }
}

extension UInt32 {
    /// The bits in reverse order (the HEVC codecs string writes the compatibility flags that way).
    fileprivate var bitReversed: UInt32 {
        var value = self
        var result: UInt32 = 0
        for _ in 0..<32 {
            result = result << 1 | value & 1
            value >>= 1
        }
        return result
    }
}
