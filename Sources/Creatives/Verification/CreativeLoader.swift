import FoundationEssentials
import Glibc
public import VAST

/// Loads one creative file into the cache and checks it: a media file rendition (downloaded, then
/// probed against its `<MediaFile>`), or a banner's image (downloaded, then known by its first
/// bytes). What `getAd` does per candidate, one file at a time.
public struct CreativeLoader: Sendable {
    /// Where files are kept.
    public let cache: CreativeCache
    /// Who probes them.
    public let verifier: MediaVerifier

    /// Creates a loader.
    public init(cache: CreativeCache, verifier: MediaVerifier) {
        self.cache = cache
        self.verifier = verifier
    }

    /// The media file `mediaFile` downloaded (by `deadline`) and, when the policy says so, verified.
    ///
    /// A streaming rendition (`delivery="streaming"`, or an HLS or DASH type) is not downloaded:
    /// the player streams it, and it is ready as it is.
    /// - Returns: the ready creative, or why this rendition cannot be shown, with its IAB code.
    public func loadMedia(
        _ mediaFile: VASTMediaFile, adDuration: VASTTime?, readiness: CreativeReadiness,
        deadline: ContinuousClock.Instant
    ) async -> Result<ReadyCreative, CreativeRefusal> {
        if Self.isStreaming(mediaFile) { return .success(ReadyCreative(mediaFile: mediaFile)) }
        let file: CachedFile
        do {
            file = try await cache.file(for: mediaFile.url, deadline: deadline)
        } catch {
            return .failure(
                CreativeRefusal(url: mediaFile.url, vastErrorCode: error.vastErrorCode, message: error.message))
        }
        guard readiness.verifiesMedia else { return .success(ReadyCreative(mediaFile: mediaFile, media: file)) }
        switch await verifier.verify(file, against: mediaFile, adDuration: adDuration, readiness: readiness) {
        case .success(let (description, mismatches)):
            return .success(
                ReadyCreative(mediaFile: mediaFile, media: file, description: description, mismatches: mismatches))
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    /// The image at `url` downloaded (by `deadline`) and recognised as PNG, JPEG, GIF or WebP.
    /// - Parameters:
    ///   - url: the image's URL (a StaticResource's).
    ///   - deadline: when the download must be over.
    ///   - notFetched: the code for an image that could not be fetched (603 for a companion, 502 for a non-linear).
    ///   - unsupported: the code for a file that is not such an image (604 for a companion, 503 for a non-linear).
    public func loadImage(
        _ url: String, deadline: ContinuousClock.Instant, notFetched: VASTErrorCode, unsupported: VASTErrorCode
    ) async -> Result<CachedFile, CreativeRefusal> {
        let file: CachedFile
        do {
            file = try await cache.file(for: url, deadline: deadline)
        } catch {
            let code = error.vastErrorCode == nil ? nil : notFetched
            return .failure(CreativeRefusal(url: url, vastErrorCode: code, message: error.message))
        }
        guard ImageCheck.format(of: Self.prefix(of: file.path, count: 16)) != nil else {
            return .failure(
                CreativeRefusal(
                    url: url, vastErrorCode: unsupported,
                    message: "\(url) is not a PNG, JPEG, GIF or WebP image (served as \(file.contentType ?? "no type"))"
                ))
        }
        return .success(file)
    }

    /// True for a rendition a player streams rather than downloads.
    static func isStreaming(_ mediaFile: VASTMediaFile) -> Bool {
        let type = (mediaFile.type ?? "").lowercased()
        return mediaFile.delivery?.lowercased() == "streaming" || type.contains("mpegurl") || type.contains("dash+xml")
    }

    /// The first `count` bytes of the file at `path` (fewer for a shorter file, none when unreadable).
    static func prefix(of path: String, count: Int) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return read > 0 ? Array(bytes.prefix(read)) : []
    }
}
