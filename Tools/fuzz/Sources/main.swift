// vast-fuzz — libFuzzer target for VASTParser, VASTTime.parse and VASTTimeOffset.parse.
//
// Built only with `-DFUZZING` and `-sanitize=fuzzer,address` (see Tools/fuzz/run and
// Tools/fuzz/README.md). A normal `swift build` / `swift test` compiles the stub at the bottom.
//
// Input layout: byte 0 selects the target, bytes 1... are the payload.
//   selector % 4 == 0  ('0', '<', ...)  VASTParser().parse(payload), then walk the model
//   selector % 4 == 1  ('1', ...)       VASTTime.parse(String(decoding: payload))
//   selector % 4 == 2  ('2', ...)       VASTTimeOffset.parse(String(decoding: payload))
//   selector % 4 == 3  ('3', ...)       all three on the same payload, the parser with tight limits too
// An empty input does nothing. To replay an artifact's payload outside the fuzzer: `tail -c +2 FILE`.

#if FUZZING

import Foundation
import VAST

// MARK: - libFuzzer entry points

/// libFuzzer's driver, for targets that bring their own `main` (libclang_rt.fuzzer's own
/// `main` is then not linked: ours satisfies the symbol).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// One input. Always returns 0 (libFuzzer reserves other values); a failed invariant traps.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let selector = data[0]
    let payload = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
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
    return 0
}

// MARK: - Targets

/// Parses, then reads every part of the model so that lazily built or computed values are touched.
func fuzzParser(_ bytes: [UInt8], limits: VASTParser.Limits) {
    let result: VASTParseResult
    do {
        result = try VASTParser(limits: limits).parse(bytes)
    } catch {
        // Errors are expected; make sure their description and code are computable.
        sink(error.description.utf8.count + error.vastErrorCode.rawValue + (error.isMalformed ? 1 : 0))
        check(bytes.count <= limits.maxBytes || error.kind == .tooLarge, "oversized input not refused as tooLarge")
        check(!bytes.isEmpty || error.kind == .empty, "empty input not refused as empty")
        return
    }
    check(!bytes.isEmpty && bytes.count <= limits.maxBytes, "parse accepted an input outside the limits")
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
    check(counts.ads >= 0 && counts.creatives >= 0 && counts.mediaFiles >= 0
          && counts.trackingEvents >= 0 && counts.impressions >= 0, "negative element count")
    total &+= counts.ads &+ counts.creatives &+ counts.mediaFiles &+ counts.trackingEvents &+ counts.impressions
    total &+= result.isValid ? 1 : 0
    total &+= result.hashValue
    sink(total)
}

func walk(_ ad: VASTAd) -> Int {
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
            check(duration.milliseconds >= 0, "negative duration")
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
func fuzzTime(_ text: String) {
    do {
        let (time, leniency) = try VASTTime.parse(text)
        check(time.milliseconds >= 0, "VASTTime.parse produced a negative time")
        let spelled = time.description
        guard let (again, _) = try? VASTTime.parse(spelled) else {
            fail("VASTTime description \(spelled) of \(time.milliseconds) ms does not parse")
        }
        check(again == time, "VASTTime round trip changed \(time.milliseconds) ms to \(again.milliseconds) ms")
        sink(time.milliseconds &+ (leniency?.reason.utf8.count ?? 0) &+ Int(time.seconds))
    } catch {
        sink(error.description.utf8.count)
    }
}

/// `VASTTimeOffset.parse`: percentages stay within 0...100, times are non-negative.
func fuzzTimeOffset(_ text: String) {
    do {
        let (offset, leniency) = try VASTTimeOffset.parse(text)
        switch offset {
        case .percent(let value):
            check(value >= 0 && value <= 100, "VASTTimeOffset percent \(value) outside 0...100")
        case .time(let time):
            check(time.milliseconds >= 0, "VASTTimeOffset produced a negative time")
        }
        let resolved = offset.resolved(in: VASTTime(milliseconds: 3_600_000))
        check(resolved.milliseconds >= 0, "VASTTimeOffset resolved to a negative time")
        sink(resolved.milliseconds &+ offset.description.utf8.count &+ (leniency?.reason.utf8.count ?? 0))
    } catch {
        sink(error.description.utf8.count)
    }
}

// MARK: - Helpers

/// Keeps computed values observable so the optimiser cannot drop the reads.
@inline(never)
func sink(_ value: Int) {
    if value == 0x5EED_F00D_5EED { print("") }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    print("vast-fuzz invariant failed: \(message)")
    fatalError(message)
}

// MARK: - main

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))

#else

import Foundation

print("""
    vast-fuzz: this build has no fuzzer. Build and run it with Tools/fuzz/run [SECONDS], or:
      swift build -c release --scratch-path .build/fuzz --product vast-fuzz \\
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
    """)
exit(2)

#endif
