public import VAST

/// Chooses the media file a player should play.
public enum MediaFileSelector {
    /// The best playable file of `linear`: a supported MIME type (earlier in `supported` is better),
    /// then a file whose size is known over one whose size is not, then the size closest to the
    /// player's, then the higher bitrate.
    ///
    /// Files with an empty URL, an unsupported type, or any value outside `VASTValueBounds` (a
    /// `width` near `Int.max`, a bitrate of a terabit) are never chosen. The arithmetic cannot
    /// overflow: every size it touches is inside `VASTValueBounds/pixels`, and a player size
    /// outside them counts as unknown.
    /// - Parameters:
    ///   - linear: the Linear whose `<MediaFile>` elements are considered.
    ///   - supported: the MIME types the player plays, best first (compared without case).
    ///   - playerSize: the player's size, when known.
    /// - Returns: `nil` when no file is eligible.
    public static func choose(from linear: VASTLinear, supported: [String], playerSize: AdSize?) -> VASTMediaFile? {
        let ranks = Dictionary(
            supported.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let player = playerSize.flatMap { $0.isWithinBounds ? $0 : nil }
        let playable = linear.mediaFiles.filter { file in
            !file.url.isEmpty && ranks[(file.type ?? "").lowercased()] != nil
                && VASTValueBounds.violations(in: file).isEmpty
        }
        return playable.min { lhs, rhs in
            let left = key(lhs, ranks: ranks, playerSize: player)
            let right = key(rhs, ranks: ranks, playerSize: player)
            if left.rank != right.rank { return left.rank < right.rank }
            if left.sizeUnknown != right.sizeUnknown { return !left.sizeUnknown }
            if left.distance != right.distance { return left.distance < right.distance }
            return left.bitrate > right.bitrate
        }
    }

    /// The ranking key of an eligible file (every value inside its bound).
    private static func key(_ file: VASTMediaFile, ranks: [String: Int], playerSize: AdSize?)
        -> (rank: Int, sizeUnknown: Bool, distance: Int, bitrate: Int)
    {
        let rank = ranks[(file.type ?? "").lowercased()] ?? Int.max
        guard let width = file.width, let height = file.height else {
            return (rank, true, 0, file.bitrate ?? file.maxBitrate ?? 0)
        }
        var distance = 0
        if let playerSize {
            distance = abs(width - playerSize.width) + abs(height - playerSize.height)
        }
        return (rank, false, distance, file.bitrate ?? file.maxBitrate ?? 0)
    }
}
