import AdLifecycle
import AdPlacement
import AdSimulation
import Foundation
import VAST

/// The whole path an app's ad takes, on one input: request JSON and documents -> `VASTParser` ->
/// `ResolvedAd` merge -> `MediaFileSelector` -> `BottomBanner` -> `TrackingPlan` -> a simulated
/// playback driving an `AdSession`.
///
/// Input: a 24-byte header (see ``Header``), then parts separated by ``FuzzInput/separator``: the
/// `AdRequestInfo` JSON, then up to five documents, the Wrappers outermost first and the InLine's
/// document last (a single document is the InLine's). The first ad of each Wrapper document is the
/// hop; every InLine ad of the last document is merged with the chain (a pod plays each of them).
enum PipelineTarget {
    static let supportedTypes = ["video/mp4", "application/x-mpegURL", "video/webm"]
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// The numbers an input gives besides its documents.
    struct Header {
        var maxHeight: Int
        var maxWidth: Int?
        var playerSize: AdSize
        var options: SimulationOptions
        var playerSizeFromHeader: Bool

        init(_ input: inout FuzzInput) {
            let flags = input.byte()
            maxHeight = input.int16()
            let width = input.int16()
            maxWidth = flags & 1 != 0 ? width : nil
            playerSizeFromHeader = flags & 2 != 0
            playerSize = AdSize(width: input.int32(), height: input.int32())
            let mask = input.int16()
            var options = SimulationOptions()
            func time(_ bit: Int) -> Double? {
                guard mask & (1 << bit) != 0 else { return nil }
                return Self.seconds(input.int32())
            }
            options.duration = time(0)
            options.pauseAt = time(1)
            options.resumeAt = time(2)
            options.seekTo = time(3)
            options.seekAt = time(4)
            options.skipAt = time(5)
            options.clickAt = time(6)
            options.muteAt = time(7)
            options.fullscreenAt = time(8)
            options.failAt = time(9)
            options.exposure = time(10).map { $0 * 10 }
            self.options = options
        }

        /// Milliseconds as seconds; the extremes stand for the values no host should send.
        static func seconds(_ milliseconds: Int) -> Double {
            switch milliseconds {
            case Int(Int32.min): .nan
            case Int(Int32.max): .infinity
            case Int(Int32.min) + 1: -.infinity
            default: Double(milliseconds) / 1000
            }
        }
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let header = Header(&input)
        let parts = input.parts(limit: 7)
        var request: AdRequestInfo
        do {
            request = try JSONDecoder().decode(AdRequestInfo.self, from: Data(parts[0]))
        } catch {
            Invariant.sink(String(describing: error).utf8.count)
            request = AdRequestInfo(placement: .clipsPreRoll)
        }
        if header.playerSizeFromHeader || request.playerSize == nil { request.playerSize = header.playerSize }
        let documents = parts.dropFirst()
        guard let last = documents.last else { return }
        var chain: [(wrapper: VASTWrapper, hop: Int)] = []
        for (hop, document) in documents.dropLast().enumerated() {
            guard let wrapper = (try? VASTParser().parse(document))?.document.ads.first?.wrapper else { return }
            chain.append((wrapper, hop))
        }
        guard let result = try? VASTParser().parse(last) else { return }
        for ad in result.document.ads.prefix(4) {
            guard let resolved = ResolvedAd(ad: ad, hop: chain.count, chain: chain) else {
                Invariant.check(ad.inLine == nil, "an InLine ad did not merge")
                continue
            }
            play(resolved, request: request, header: header)
        }
    }

    private static func play(_ ad: ResolvedAd, request: AdRequestInfo, header: Header) {
        checkMerge(ad)
        var assetURI: String?
        for linear in ad.inLine.creatives.compactMap(\.linear) {
            let chosen = MediaFileSelector.choose(
                from: linear, supported: supportedTypes, playerSize: request.playerSize)
            checkChoice(chosen, of: linear)
            assetURI = assetURI ?? chosen?.url
        }
        checkBanner(ad, header: header)
        var macros = VASTMacroContext(now: { start }, timeZone: .gmt, random: { 0x1234_5678 })
        macros = request.applyingMacroValues(to: macros)
        let plan = TrackingPlan(ad: ad, adInstanceID: "fuzz", assetURI: assetURI, macros: macros)
        Invariant.check(plan.impressions.allSatisfy { !$0.url.isEmpty }, "an empty impression URL in the plan")
        Invariant.check(
            plan.progressOffsets.count <= ResolvedAd.Limits.default.maxProgressOffsets,
            "more progress offsets than the merge keeps")
        simulate(ad, plan: plan, macros: macros, options: header.options)
    }

    /// The merge keeps no more URLs than its limits.
    private static func checkMerge(_ ad: ResolvedAd) {
        let limits = ResolvedAd.Limits.default
        for (event, urls) in ad.trackingByEvent {
            Invariant.check(urls.count <= limits.maxURLsPerEvent, "\(event) kept \(urls.count) URLs")
        }
        let total = ad.trackingByEvent.reduce(0) { $0 + $1.urls.count }
        Invariant.check(total <= limits.maxURLsPerAd, "the merged ad kept \(total) URLs")
    }

    /// A chosen file is one of the Linear's, playable and inside the bounds; none is chosen only when
    /// no file is.
    private static func checkChoice(_ chosen: VASTMediaFile?, of linear: VASTLinear) {
        let supported = Set(supportedTypes.map { $0.lowercased() })
        let eligible = linear.mediaFiles.filter { file in
            !file.url.isEmpty && supported.contains((file.type ?? "").lowercased())
                && VASTValueBounds.violations(in: file).isEmpty
        }
        guard let chosen else {
            Invariant.check(eligible.isEmpty, "no media file chosen among \(eligible.count) eligible")
            return
        }
        Invariant.check(eligible.contains(chosen), "the chosen media file \(chosen.url) is not an eligible one")
        let rank = { (file: VASTMediaFile) in
            supportedTypes.firstIndex { $0.lowercased() == (file.type ?? "").lowercased() } ?? Int.max
        }
        Invariant.check(eligible.allSatisfy { rank($0) >= rank(chosen) }, "a file of a preferred type was passed over")
    }

    /// A banner fits the space and is never scaled up; a refusal says why.
    private static func checkBanner(_ ad: ResolvedAd, header: Header) {
        do {
            let choice = try BottomBanner.choose(
                from: ad, maxHeight: CGFloat(header.maxHeight), maxWidth: header.maxWidth)
            Invariant.check(
                choice.size.height <= header.maxHeight, "banner \(choice.size) over maxHeight \(header.maxHeight)")
            if let maxWidth = header.maxWidth {
                Invariant.check(choice.size.width <= maxWidth, "banner \(choice.size) over maxWidth \(maxWidth)")
            }
            Invariant.check(choice.size.width >= 0 && choice.size.height >= 0, "negative banner size \(choice.size)")
            Invariant.check(
                choice.size.width <= choice.declaredSize.width && choice.size.height <= choice.declaredSize.height,
                "banner scaled up from \(choice.declaredSize) to \(choice.size)")
            Invariant.check(ad.inLine.creatives.indices.contains(choice.creativeIndex), "banner of no creative")
            Invariant.check(
                choice.declaredSize.isWithinBounds, "banner declared size \(choice.declaredSize) out of bounds")
        } catch {
            let invalid = header.maxHeight < 1 || (header.maxWidth ?? 1) < 1
            Invariant.check((error.code == .invalidSpace) == invalid, "\(error.code) for maxHeight \(header.maxHeight)")
            Invariant.check(invalid || !error.vastErrorCodes.isEmpty, "a banner refusal without a VAST code")
            Invariant.check(!error.message.isEmpty, "a banner refusal without a message")
        }
    }

    private static let milestones: [(event: String, fraction: Double)] = [
        ("firstQuartile", 0.25), ("midpoint", 0.5), ("thirdQuartile", 0.75), ("complete", 1),
    ]

    /// Each quartile fires at most once per URL, in playhead order, never before its playhead; the
    /// simulation's work grows with what fires, not with the duration.
    private static func simulate(
        _ ad: ResolvedAd, plan: TrackingPlan, macros: VASTMacroContext, options: SimulationOptions
    ) {
        let result: SimulationResult
        do {
            result = try Simulation.simulate(ad, options: options, macros: macros, start: start)
        } catch {
            Invariant.check(!error.message.isEmpty, "a simulation refusal without a message")
            return
        }
        let timeline = result.timeline
        for name in ["impression", "start"] + milestones.map(\.event) {
            let fired = timeline.filter { $0.event == name }.count
            let planned =
                name == "impression"
                ? plan.impressions.count : plan.linearTracking.filter { $0.event.rawValue == name }.count
            Invariant.check(fired <= planned, "\(name) fired \(fired) times for \(planned) URLs")
        }
        var previous = -1
        for milestone in milestones {
            guard let index = timeline.firstIndex(where: { $0.event == milestone.event }) else { continue }
            Invariant.check(index > previous, "\(milestone.event) fired out of order")
            previous = index
            let due = result.duration * milestone.fraction
            Invariant.check(
                timeline[index].at >= due - 0.001, "\(milestone.event) fired at \(timeline[index].at) s, due \(due) s")
        }
        Invariant.check(
            zip(timeline, timeline.dropFirst()).allSatisfy { $0.at.isFinite && $1.at.isFinite },
            "a beacon at a non-finite playhead")
        let bound = 64 + 4 * plan.progressOffsets.count
        Invariant.check(result.inputCount <= bound, "the simulation sent \(result.inputCount) inputs (bound \(bound))")
        Invariant.sink(timeline.reduce(0) { $0 &+ $1.url.utf8.count } &+ result.events.count &+ result.notes.count)
    }
}
