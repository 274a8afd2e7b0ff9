import AdErrors
public import Foundation
public import VAST

/// Chooses the creative of a resolved ad to show as a bottom banner within a height.
///
/// Banner-capable elements of the InLine's creatives, and how each may be resized:
/// - a `<Companion>` (not `renderingMode="end-card"`, which belongs after a video) with a
///   `<StaticResource>` image (`creativeType` `image/...`, or none given) scales down proportionally
///   from `width` x `height`: an image keeps its look at any size;
/// - a `<Companion>` with an `<HTMLResource>` or `<IFrameResource>` is never scaled (its layout is
///   authored for a size): it renders at `width` x `height`, or else at `assetWidth` x `assetHeight`
///   when the companion gives a smaller asset size than its slot;
/// - a `<NonLinear>` with a `<StaticResource>` image renders at `width` x `height`, scales down
///   proportionally when `scalable` is true (and `maintainAspectRatio` is not false), and shrinks each
///   side independently when `scalable` is true and `maintainAspectRatio` is false. HTML and iframe
///   non-linears are interactive overlays, not banners, and are skipped.
///
/// Scripts (`application/javascript` static resources) are skipped, and so is any companion or
/// non-linear with a size outside `VASTValueBounds/pixels` (the parser reports those as `value.range`
/// errors): a `width` near `Int.max` is not a size to fit. Nothing is ever scaled up. Among the
/// candidates that fit, the largest area wins; ties go to an unresized one, then to document order
/// (an element's resources in the order static, HTML, iframe). Every size the arithmetic touches is
/// inside the pixel bound, so it cannot overflow.
public enum BottomBanner {
    /// Chooses the banner to show.
    /// - Parameters:
    ///   - ad: the resolved ad; its InLine's creatives are searched (Wrapper creatives carry tracking,
    ///     not banners).
    ///   - maxHeight: the height available, in points (the units of the creatives' sizes): a finite
    ///     number, at least 1. A fraction is kept: creative sizes are whole, so a 50-high banner fits 50
    ///     and 50.5 but not 49.99, and one scaled down to 49.99 is 49 high. A space above 16,384
    ///     constrains nothing a creative can declare, and is read as 16,384.
    ///   - maxWidth: the width available, when it constrains the banner too (usually the player width),
    ///     at least 1, read like `maxHeight`.
    /// - Returns: the chosen element, its resource and the size to render it at.
    /// - Throws: ``BannerFitError`` with the VAST codes to report when nothing fits; with
    ///   `BannerFitError.Code.invalidSpace` and no code when `maxHeight` is not a number of at least 1
    ///   (NaN, infinite, below 1) or `maxWidth` is below 1.
    public static func choose(from ad: ResolvedAd, maxHeight: CGFloat, maxWidth: Int? = nil) throws(BannerFitError)
        -> BannerChoice
    {
        guard maxHeight.isFinite, maxHeight >= 1, (maxWidth ?? 1) >= 1 else {
            throw BannerFitError(
                code: .invalidSpace, vastErrorCodes: [], maxHeight: maxHeight, maxWidth: maxWidth,
                message: "\(bounds(maxHeight, maxWidth)) leaves no room for a banner; give a finite size of at least 1")
        }
        let limit = VASTValueBounds.pixels.upperBound
        // Creative sizes are whole, so a height fits exactly when it fits the whole part of the space.
        let boundedHeight = Int(min(maxHeight, CGFloat(limit)).rounded(.down))
        let boundedWidth = maxWidth.map { min($0, limit) }
        let (companions, nonLinears, hasCompanions, hasNonLinears) = candidates(in: ad.inLine.creatives)
        let all = companions + nonLinears
        var best: (candidate: BannerCandidate, declared: AdSize, size: AdSize)?
        for candidate in all {
            guard let declared = candidate.declaredSize,
                let size = candidate.fittedSize(maxHeight: boundedHeight, maxWidth: boundedWidth)
            else { continue }
            // Strictly better only, so that among equals the earlier candidate stays.
            if let current = best {
                let (area, currentArea) = (size.width * size.height, current.size.width * current.size.height)
                let betterUnresized = area == currentArea && size == declared && current.size != current.declared
                guard area > currentArea || betterUnresized else { continue }
            }
            best = (candidate, declared, size)
        }
        if let best {
            return BannerChoice(
                creative: best.candidate.creative, creativeIndex: best.candidate.creativeIndex,
                elementIndex: best.candidate.elementIndex, resource: best.candidate.resource,
                declaredSize: best.declared, size: best.size)
        }

        var codes: [VASTErrorCode] = []
        if hasCompanions { codes.append(companions.isEmpty ? VASTErrorCode(rawValue: 604) : .companionDoesNotFit) }
        if hasNonLinears { codes.append(nonLinears.isEmpty ? VASTErrorCode(rawValue: 503) : .nonLinearDoesNotFit) }
        func failure(_ code: BannerFitError.Code, _ codes: [VASTErrorCode], _ message: String) -> BannerFitError {
            BannerFitError(
                code: code, vastErrorCodes: codes, maxHeight: maxHeight, maxWidth: maxWidth, message: message)
        }
        if codes.isEmpty {
            throw failure(.noBannerCreative, [.unexpectedLinearity], "the ad has no companion or non-linear creative")
        }
        if all.isEmpty {
            throw failure(
                .noSupportedResource, codes,
                "no companion or non-linear has a static image, HTML or iframe resource a banner can render")
        }
        throw failure(
            .doesNotFit, codes,
            "nothing fits \(bounds(maxHeight, maxWidth)): \(all.map(\.summary).joined(separator: "; "))")
    }

    /// `maxHeight 50`, `maxHeight 49.99, maxWidth 320`: whole heights without a fraction, as they were given.
    private static func bounds(_ maxHeight: CGFloat, _ maxWidth: Int?) -> String {
        let height =
            maxHeight.isFinite && maxHeight.rounded() == maxHeight && abs(maxHeight) < 1e15
            ? String(Int(maxHeight)) : String(describing: Double(maxHeight))
        return "maxHeight \(height)" + (maxWidth.map { ", maxWidth \($0)" } ?? "")
    }

    private static func candidates(
        in creatives: [VASTCreative]
    ) -> (companions: [BannerCandidate], nonLinears: [BannerCandidate], hasCompanions: Bool, hasNonLinears: Bool) {
        var companions: [BannerCandidate] = []
        var nonLinears: [BannerCandidate] = []
        var hasCompanions = false
        var hasNonLinears = false
        for (creativeIndex, creative) in creatives.enumerated() {
            for (index, companion) in (creative.companionAds?.companions ?? []).enumerated() {
                hasCompanions = true
                guard companion.renderingMode?.lowercased() != "end-card" else { continue }
                let outOfBounds = VASTValueBounds.violations(in: companion)
                let declared = size(companion.width, companion.height)
                let asset = size(companion.assetWidth, companion.assetHeight)
                for resource in ordered(companion.resources) {
                    let resizing: BannerCandidate.Resizing
                    switch resource {
                    case .staticResource(let type, _):
                        guard isImage(type) else { continue }
                        resizing = .proportional
                    case .html, .iframe:
                        resizing = .fixed([declared, asset].compactMap { $0 })
                    }
                    companions.append(
                        BannerCandidate(
                            creative: .companion(companion), creativeIndex: creativeIndex, elementIndex: index,
                            resource: resource, declaredSize: declared, resizing: resizing, outOfBounds: outOfBounds))
                }
            }
            for (index, nonLinear) in (creative.nonLinearAds?.nonLinears ?? []).enumerated() {
                hasNonLinears = true
                let outOfBounds = VASTValueBounds.violations(in: nonLinear)
                let declared = size(nonLinear.width, nonLinear.height)
                let resizing: BannerCandidate.Resizing =
                    nonLinear.scalable != true
                    ? .fixed([declared].compactMap { $0 })
                    : nonLinear.maintainAspectRatio == false ? .free : .proportional
                for case .staticResource(let type, let url) in nonLinear.resources where isImage(type) {
                    nonLinears.append(
                        BannerCandidate(
                            creative: .nonLinear(nonLinear), creativeIndex: creativeIndex, elementIndex: index,
                            resource: .staticResource(creativeType: type, url: url), declaredSize: declared,
                            resizing: resizing, outOfBounds: outOfBounds))
                }
            }
        }
        return (companions, nonLinears, hasCompanions, hasNonLinears)
    }

    private static func size(_ width: Int?, _ height: Int?) -> AdSize? {
        guard let width, let height else { return nil }
        return AdSize(width: width, height: height)
    }

    private static func isImage(_ creativeType: String?) -> Bool {
        guard let type = creativeType?.trimmingSpaces().lowercased(), !type.isEmpty else {
            return true
        }
        return type.hasPrefix("image/")
    }

    /// Static first, then HTML, then iframe: a static image can scale, the others cannot.
    private static func ordered(_ resources: [VASTResource]) -> [VASTResource] {
        func rank(_ resource: VASTResource) -> Int {
            switch resource {
            case .staticResource: 0
            case .html: 1
            case .iframe: 2
            }
        }
        return resources.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
    }
}
