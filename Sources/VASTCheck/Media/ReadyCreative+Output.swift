import AdErrors
import Creatives
import FoundationEssentials
import MediaProbe
import VAST

/// How `getad` and `simulate` show a creative made ready in the cache (`--creatives DIR`).
extension ReadyCreative {
    /// `{"path","origin","bytes","contentType"?,"container"?,"durationMs"?,"width"?,"height"?,"videoCodec"?,
    /// "audioCodec"?,"fastStart"?,"mismatches":[...],"bannerImage"?:{"path","origin","bytes"},"refused":[...]}`.
    var json: JSON {
        var members: [(String, JSON)] = []
        if let media {
            members += Self.fileMembers(media)
            if let description {
                members.append(("container", .string(description.container)))
                if let seconds = description.durationSeconds {
                    members.append(("durationMs", .int(Int((seconds * 1000).rounded()))))
                }
                if let width = description.width { members.append(("width", .int(width))) }
                if let height = description.height { members.append(("height", .int(height))) }
                if let codec = description.videoCodec { members.append(("videoCodec", .string(codec))) }
                if let codec = description.audioCodec { members.append(("audioCodec", .string(codec))) }
                if let fastStart = description.fastStart { members.append(("fastStart", .bool(fastStart))) }
            }
            members.append(("mismatches", .array(mismatches.map { .string($0.message) })))
        }
        if let bannerImage { members.append(("bannerImage", .object(Self.fileMembers(bannerImage)))) }
        members.append(
            (
                "refused",
                .array(
                    refused.map { refusal in
                        var fields: [(String, JSON)] = [("url", .string(refusal.url))]
                        if let code = refusal.vastErrorCode { fields.append(("errorCode", .int(code.rawValue))) }
                        fields.append(("message", .string(refusal.message)))
                        return .object(fields)
                    })
            ))
        return .object(members)
    }

    /// `creative PATH (downloaded, 2400000 bytes, 15.0 s 640x360 h264)` and a line per refused file.
    var human: String {
        var text = ""
        for file in [media, bannerImage].compactMap({ $0 }) {
            text += "  creative \(file.path) (\(file.origin.rawValue), \(file.byteCount) bytes"
            if file == media, let description {
                let seconds = description.durationSeconds.map { $0.fixed(1) + " s" } ?? "? s"
                let size = description.width.map { "\($0)x\(description.height ?? 0)" } ?? "?x?"
                text += ", \(seconds) \(size) \(description.videoCodec ?? "?")"
            }
            text += ")\n"
        }
        for refusal in refused {
            text += "  refused \(refusal.vastErrorCode.map { "VAST \($0.rawValue) " } ?? "")\(refusal.message)\n"
        }
        return text
    }

    private static func fileMembers(_ file: CachedFile) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("path", .string(file.path)), ("origin", .string(file.origin.rawValue)), ("bytes", .int(file.byteCount)),
        ]
        if let type = file.contentType { members.append(("contentType", .string(type))) }
        return members
    }
}
