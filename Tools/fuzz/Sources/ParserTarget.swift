import VAST

/// The parser target: `VASTParser` and the time-value parsers on hostile bytes.
///
/// Byte 0 of the input selects what runs on the rest (the payload):
/// `% 4 == 0` the parser, then a walk over the whole model; `1` `VASTTime.parse`; `2`
/// `VASTTimeOffset.parse`; `3` all three, the parser twice (default limits and tight ones).
enum ParserTarget {
    static func run(_ input: [UInt8]) {
        guard let selector = input.first else { return }
        let payload = Array(input.dropFirst())
        switch selector % 4 {
        case 0:
            fuzzParser(payload, limits: .default)
        case 1:
            fuzzTime(String(decoding: payload, as: UTF8.self))
        case 2:
            fuzzTimeOffset(String(decoding: payload, as: UTF8.self))
        default:
            fuzzParser(payload, limits: .default)
            fuzzParser(payload, limits: VASTParser.Limits(maxBytes: 1024, maxAttributesPerElement: 3))
            let text = String(decoding: payload, as: UTF8.self)
            fuzzTime(text)
            fuzzTimeOffset(text)
        }
    }

    /// Parses, then reads every part of the model so that lazily built or computed values are touched.
    private static func fuzzParser(_ bytes: [UInt8], limits: VASTParser.Limits) {
        let result: VASTParseResult
        do {
            result = try VASTParser(limits: limits).parse(bytes)
        } catch {
            // Errors are expected; make sure their description and code are computable.
            Invariant.sink(error.description.utf8.count + error.vastErrorCode.rawValue + (error.isMalformed ? 1 : 0))
            Invariant.check(
                bytes.count <= limits.maxBytes || error.code == .tooLarge, "oversized input not refused as tooLarge")
            Invariant.check(!bytes.isEmpty || error.code == .empty, "empty input not refused as empty")
            return
        }
        Invariant.check(!bytes.isEmpty && bytes.count <= limits.maxBytes, "parse accepted an input outside the limits")
        let document = result.document
        var total = document.version.utf8.count + document.errors.count + (document.isNoAd ? 1 : 0)
        total &+= document.pod.count &+ document.buffet.count
        if let version = document.vastVersion { total &+= version.rawValue.utf8.count &+ (version.isVAST4 ? 1 : 0) }
        for ad in document.ads {
            total &+= walk(ad)
        }
        for finding in result.findings {
            total &+= finding.description.utf8.count
        }
        let counts = result.counts
        Invariant.check(
            counts.ads >= 0 && counts.creatives >= 0 && counts.mediaFiles >= 0
                && counts.trackingEvents >= 0 && counts.impressions >= 0, "negative element count")
        total &+= counts.ads &+ counts.creatives &+ counts.mediaFiles &+ counts.trackingEvents &+ counts.impressions
        total &+= result.isValid ? 1 : 0
        total &+= result.hashValue
        Invariant.sink(total)
    }

    private static func walk(_ ad: VASTAd) -> Int {
        var total = (ad.id?.utf8.count ?? 0) &+ (ad.sequence ?? 0) &+ (ad.adType?.utf8.count ?? 0)
        total &+= ad.conditionalAd == true ? 1 : 0
        let common = ad.common
        total &+= (common.adSystem?.name.utf8.count ?? 0) &+ common.errors.count &+ common.impressions.count
        total &+= common.viewableImpressions.count &+ common.verifications.count &+ common.extensions.count
        total &+= common.pricing == nil ? 0 : 1
        if let inLine = ad.inLine {
            total &+= (inLine.adTitle?.utf8.count ?? 0) &+ inLine.categories.count &+ inLine.surveys.count
            total &+= (inLine.advertiser?.name.utf8.count ?? 0) &+ (inLine.expires ?? 0)
        }
        if let wrapper = ad.wrapper {
            total &+= (wrapper.vastAdTagURI?.utf8.count ?? 0) &+ wrapper.blockedAdCategories.count
            total &+= (wrapper.followAdditionalWrappers ? 1 : 0) &+ (wrapper.allowMultipleAds ? 2 : 0)
        }
        for creative in ad.creatives {
            total &+= (creative.id?.utf8.count ?? 0) &+ (creative.sequence ?? 0) &+ creative.universalAdIds.count
            total &+= creative.creativeExtensions.count
            if let linear = creative.linear {
                let duration = linear.duration ?? VASTTime(milliseconds: 0)
                Invariant.check(duration.milliseconds >= 0, "negative duration")
                total &+= duration.description.utf8.count
                if let skip = linear.skipOffset {
                    total &+= skip.resolved(in: duration).milliseconds &+ skip.description.utf8.count
                }
                total &+= (linear.adParameters?.value.utf8.count ?? 0)
                for file in linear.mediaFiles {
                    total &+= file.url.utf8.count &+ (file.width ?? 0) &+ (file.height ?? 0) &+ (file.bitrate ?? 0)
                }
                total &+= linear.mezzanines.count &+ linear.interactiveCreativeFiles.count
                total &+= linear.closedCaptionFiles.count &+ linear.icons.count
                for event in linear.trackingEvents {
                    total &+= event.event.rawValue.utf8.count &+ event.url.utf8.count
                    if let offset = event.offset { total &+= offset.resolved(in: duration).milliseconds }
                }
                if let clicks = linear.videoClicks {
                    total &+= (clicks.clickThrough?.url.utf8.count ?? 0) &+ clicks.clickTracking.count
                    total &+= clicks.customClicks.count
                }
            }
            total &+= creative.nonLinearAds == nil ? 0 : 1
            total &+= creative.companionAds == nil ? 0 : 1
        }
        return total
    }

    /// `VASTTime.parse`: on success the value is non-negative and its strict spelling reads back
    /// to the same value.
    private static func fuzzTime(_ text: String) {
        do {
            let (time, leniency) = try VASTTime.parse(text)
            Invariant.check(time.milliseconds >= 0, "VASTTime.parse produced a negative time")
            let spelled = time.description
            guard let (again, _) = try? VASTTime.parse(spelled) else {
                Invariant.fail("VASTTime description \(spelled) of \(time.milliseconds) ms does not parse")
            }
            Invariant.check(
                again == time, "VASTTime round trip changed \(time.milliseconds) ms to \(again.milliseconds) ms")
            Invariant.sink(time.milliseconds &+ (leniency?.reason.utf8.count ?? 0) &+ Int(time.seconds))
        } catch {
            Invariant.sink(error.description.utf8.count)
        }
    }

    /// `VASTTimeOffset.parse`: percentages stay within 0...100, times are non-negative.
    private static func fuzzTimeOffset(_ text: String) {
        do {
            let (offset, leniency) = try VASTTimeOffset.parse(text)
            switch offset {
            case .percent(let value):
                Invariant.check(value >= 0 && value <= 100, "VASTTimeOffset percent \(value) outside 0...100")
            case .time(let time):
                Invariant.check(time.milliseconds >= 0, "VASTTimeOffset produced a negative time")
            }
            let resolved = offset.resolved(in: VASTTime(milliseconds: 3_600_000))
            Invariant.check(resolved.milliseconds >= 0, "VASTTimeOffset resolved to a negative time")
            Invariant.sink(resolved.milliseconds &+ offset.description.utf8.count &+ (leniency?.reason.utf8.count ?? 0))
        } catch {
            Invariant.sink(error.description.utf8.count)
        }
    }
}
