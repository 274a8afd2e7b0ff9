import AdLifecycle
import AdPlacement
import AdResolution
import AdTransport
import Creatives
import Foundation
import VAST

/// The hook the mediator calls for each source that filled, when the engine has a creative cache:
/// the fill counts only once one of its ads has a creative ready (``CreativeSettings``).
///
/// For each ad of the response in order (a pod's, then the buffet's stand-alone ads, each resolved when
/// its turn comes), the renditions are tried in the order `getAd` would choose
/// them (`MediaFileSelector`: supported type, then size, then bitrate) until one is downloaded and
/// verified; a bottom banner's StaticResource image is downloaded and recognised. An ad whose every
/// rendition failed has the first failure's IAB code sent to its chain's Error URLs and gives way to
/// the next ad; a source whose every ad failed ends as `error` with that code, and the mediator goes
/// on to the next source or tier. Everything ends by the policy's time budget (within the call's
/// overall deadline).
struct CreativeCheck: Sendable {
    let loader: CreativeLoader
    let readiness: CreativeReadiness
    /// What the request shows: a full-screen video's supported types and player size, or a banner's room.
    let format: AdFormat
    let pixels: CreativeErrorPixels

    /// How one ad ended.
    private enum Verdict {
        case ready(ReadyCreative)
        /// Not ready; the error pixel was sent when the ad was at fault.
        case refused
    }

    /// Turns a filled attempt into one whose first ad has its creative ready, or into an `error`
    /// naming every file refused. A cancelled call leaves it `cancelled`.
    func check(
        _ attempt: inout SourceAttempt, resolver: WrapperResolver, deadline overall: ContinuousClock.Instant
    ) async {
        guard attempt.end == .filled, var resolution = attempt.resolution, readiness.waits else { return }
        let deadline = min(ContinuousClock.now + readiness.timeBudget, overall)
        var refused: [CreativeRefusal] = []
        while true {
            for (position, ad) in resolution.ads.enumerated() {
                if CallStop.isCancelled || ContinuousClock.now >= deadline { break }
                guard case .ready(var creative) = await prepare(ad, deadline: deadline, refused: &refused) else {
                    continue
                }
                creative.refused = refused
                attempt.creative = creative
                resolution.ads = Array(resolution.ads[position...])
                attempt.resolution = resolution
                if !refused.isEmpty {
                    attempt.message += "; creative ready after \(refused.count) refused: " + Self.summary(refused)
                }
                return
            }
            guard !CallStop.isCancelled, ContinuousClock.now < deadline,
                let next = await resolver.resolveNext(after: resolution)
            else { break }
            resolution = Self.merging(next, after: resolution)
        }
        if CallStop.isCancelled {
            attempt.end = .cancelled
            attempt.message = "stopped while its creative was loading"
            return
        }
        attempt.end = .error
        attempt.errorCode =
            refused.lazy.compactMap(\.vastErrorCode).first
            ?? (ContinuousClock.now >= deadline ? VASTErrorCode(rawValue: 402) : .linear)
        attempt.message =
            "no playable creative"
            + (refused.isEmpty
                ? " within \(readiness.timeBudget)" : ": " + Self.summary(refused))
    }

    /// The ad's creative made ready, or refused (its pixel sent).
    private func prepare(_ ad: ResolvedAd, deadline: ContinuousClock.Instant, refused: inout [CreativeRefusal]) async
        -> Verdict
    {
        let supportedMediaTypes: [String]
        let playerSize: AdSize?
        switch format {
        case .bottomBanner(let maxHeight, let maxWidth):
            return await prepareBanner(ad, room: (maxHeight, maxWidth), deadline: deadline, refused: &refused)
        case .fullScreenVideo(let types, let size): (supportedMediaTypes, playerSize) = (types, size)
        }
        let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first
        guard var remaining = linear else {
            // No Linear: the engine's own check says so (and sends its code) for the ad it returns.
            return .ready(ReadyCreative())
        }
        let start = refused.count
        while ContinuousClock.now < deadline && !CallStop.isCancelled,
            let rendition = MediaFileSelector.choose(
                from: remaining, supported: supportedMediaTypes, playerSize: playerSize)
        {
            remaining.mediaFiles.removeAll { $0 == rendition }
            switch await loader.loadMedia(
                rendition, adDuration: linear?.duration, readiness: readiness, deadline: deadline)
            {
            case .success(let creative): return .ready(creative)
            case .failure(let refusal): refused.append(refusal)
            }
        }
        if refused.count == start && !CallStop.isCancelled {
            refused.append(
                CreativeRefusal(
                    url: "", vastErrorCode: .noSupportedMediaFile,
                    message: "no media file of a supported type (\(supportedMediaTypes.joined(separator: ", ")))"))
        }
        pixels.fire(for: ad, code: refused[start...].lazy.compactMap(\.vastErrorCode).first)
        return .refused
    }

    /// The banner's image downloaded and recognised, or refused (603 / 604 for a companion, 502 /
    /// 503 for a non-linear). A banner that does not fit, or whose resource is markup or a page, is
    /// left to the engine as before.
    private func prepareBanner(
        _ ad: ResolvedAd, room: (maxHeight: CGFloat, maxWidth: Int?), deadline: ContinuousClock.Instant,
        refused: inout [CreativeRefusal]
    ) async -> Verdict {
        guard let choice = try? BottomBanner.choose(from: ad, maxHeight: room.maxHeight, maxWidth: room.maxWidth),
            case .staticResource(let type, let url) = choice.resource,
            type.map({ $0.lowercased().hasPrefix("image/") }) ?? true
        else { return .ready(ReadyCreative()) }
        let (notFetched, unsupported): (VASTErrorCode, VASTErrorCode) =
            switch choice.creative {
            case .companion: (VASTErrorCode(rawValue: 603), VASTErrorCode(rawValue: 604))
            case .nonLinear: (VASTErrorCode(rawValue: 502), VASTErrorCode(rawValue: 503))
            }
        switch await loader.loadImage(url, deadline: deadline, notFetched: notFetched, unsupported: unsupported) {
        case .success(let file):
            return .ready(ReadyCreative(bannerImage: file))
        case .failure(let refusal):
            refused.append(refusal)
            pixels.fire(for: ad, code: refusal.vastErrorCode)
            return .refused
        }
    }

    /// The buffet's next step with what the steps before it found (its hops already hold theirs).
    static func merging(_ next: VASTResolution, after earlier: VASTResolution) -> VASTResolution {
        var merged = next
        merged.findings = earlier.findings + next.findings
        merged.errorBeacons = earlier.errorBeacons + next.errorBeacons
        merged.failedAds = earlier.failedAds + next.failedAds
        return merged
    }

    /// The refusals, for the report: `401 https://…: HTTP 404; 405 …`.
    static func summary(_ refused: [CreativeRefusal]) -> String {
        refused.map(\.description).joined(separator: "; ")
    }
}
