import AdErrors
import FoundationEssentials
public import VAST

/// Which tracking URLs an ad instance has, taken from its merged wrapper chain, and how their macros are
/// filled.
///
/// Built once per ad instance from a `ResolvedAd`; the lifecycles read it to turn inputs into
/// ``BeaconRequest``s. It never mutates: "once" semantics live in the lifecycles' state.
///
/// Macro context: ``macros`` holds what is fixed for the instance (device, app, regulation values,
/// declarations, time zone, and the `[CACHEBUSTING]` random source). For each beacon the lifecycle sets
/// `now` from the input's timestamp (the plan never reads a clock), `[ADPLAYHEAD]` from the playhead,
/// `[ASSETURI]` from ``assetURI``, and `[ERRORCODE]` / `[CLICKPOS]` where they apply.
public struct TrackingPlan: Sendable {
    /// The ad instance every beacon is stamped with.
    public var adInstanceID: String
    /// Impression URLs of the whole chain, `about:blank` and empty ones removed.
    public let impressions: [TrackedURL]
    /// Error URLs of the whole chain.
    public let errors: [TrackedURL]
    /// Linear `<Tracking>` events of the whole chain, in hop order.
    public let linearTracking: [TrackedEvent]
    /// Linear ClickTracking of the whole chain.
    public let clickTracking: [TrackedURL]
    /// The ClickThrough closest to the InLine.
    public let clickThrough: TrackedURL?
    /// Every companion of the InLine, creative by creative, each with the tracking that counts only when
    /// it is the one shown (its own and its Wrapper slot-mates'; VAST 4.3 section 3.13).
    public let companions: [SessionCompanion]
    /// The industry icons of the Linear played, each with its own view and click tracking (VAST 4.3
    /// section 3.11).
    public let icons: [SessionIcon]
    /// The distinct progress offsets, in order of first appearance in the chain.
    public let progressOffsets: [VASTTimeOffset]
    /// Each of ``progressOffsets`` as written (its `description`), made once for the plan.
    public let progressOffsetLabels: [String]
    /// The InLine Linear's `skipoffset`; `nil` when the ad cannot be skipped.
    public var skipOffset: VASTTimeOffset?
    /// The media file being played, for `[ASSETURI]`.
    public var assetURI: String? {
        didSet { fixedValues = Self.fixedValues(templates, macros: macros, assetURI: assetURI) }
    }
    /// The fixed part of the macro context (see the type's documentation).
    public var macros: VASTMacroContext {
        didSet { fixedValues = Self.fixedValues(templates, macros: macros, assetURI: assetURI) }
    }
    /// Every URL of the plan, split once (when the plan is built) into literal text and macros, by URL.
    let templates: [String: VASTMacroTemplate]
    /// The templates' macros that are the same for every beacon, encoded once from ``macros`` and
    /// ``assetURI`` (again whenever either is set).
    private(set) var fixedValues: VASTMacroValues

    /// Takes every tracking URL from a merged chain.
    /// - Parameters:
    ///   - ad: the InLine merged with its Wrappers.
    ///   - adInstanceID: the identifier of this play of the ad.
    ///   - assetURI: the selected media file, for `[ASSETURI]`.
    ///   - macros: the fixed macro values, clock-free: `now` is replaced per input.
    ///   - linearCreative: the index in `ad.inLine.creatives` of the Linear played, whose icons and skip
    ///     offset count; `nil` (the default) takes the first Linear.
    public init(
        ad: ResolvedAd, adInstanceID: String, assetURI: String? = nil, macros: VASTMacroContext = .init(),
        linearCreative: Int? = nil
    ) {
        self.adInstanceID = adInstanceID
        impressions = ad.impressions.filter { !Self.isBlank($0.url) }
        errors = ad.errors.filter { !Self.isBlank($0.url) }
        linearTracking = ad.linearTracking.filter { !Self.isBlank($0.url) }
        progressOffsets = Self.distinctProgressOffsets(linearTracking)
        progressOffsetLabels = progressOffsets.map(\.description)
        clickTracking = ad.clickTracking.filter { !Self.isBlank($0.url) }
        clickThrough = ad.clickThrough
        let creatives = ad.inLine.creatives
        let linearIndex = linearCreative ?? creatives.firstIndex { $0.linear != nil }
        let linear = linearIndex.flatMap { creatives.indices.contains($0) ? creatives[$0].linear : nil }
        companions = SessionCompanion.all(in: ad)
        icons = linear.map { SessionIcon.all(of: $0, in: ad) } ?? []
        skipOffset = linear?.skipOffset
        self.assetURI = assetURI
        self.macros = macros
        var templates: [String: VASTMacroTemplate] = [:]
        let lists =
            [impressions, errors, clickTracking] + companions.flatMap { [$0.views, $0.clicks] }
            + icons.flatMap { [$0.views, $0.clicks] }
        templates.reserveCapacity(lists.reduce(linearTracking.count + 1) { $0 + $1.count })
        func add(_ url: String) {
            if templates.index(forKey: url) == nil { templates[url] = VASTMacroTemplate(url) }
        }
        for list in lists { for tracked in list { add(tracked.url) } }
        for tracked in linearTracking { add(tracked.url) }
        if let clickThrough { add(clickThrough.url) }
        self.templates = templates
        fixedValues = Self.fixedValues(templates, macros: macros, assetURI: assetURI)
    }

    /// A plan with no URLs at all, for lifecycles driven without an ad (MRAID, tests of callbacks only).
    public init(adInstanceID: String, skipOffset: VASTTimeOffset? = nil, macros: VASTMacroContext = .init()) {
        self.adInstanceID = adInstanceID
        impressions = []
        errors = []
        linearTracking = []
        companions = []
        icons = []
        progressOffsets = []
        progressOffsetLabels = []
        clickTracking = []
        clickThrough = nil
        self.skipOffset = skipOffset
        assetURI = nil
        self.macros = macros
        templates = [:]
        fixedValues = VASTMacroValues(context: macros, templates: [])
    }

    /// The macros a beacon's moment sets (see ``BeaconMoment``), with `[CACHEBUSTING]`: never
    /// encoded ahead of time, so each beacon gets its own.
    public static let momentMacros: Set<VASTMacro> = [
        .timestamp, .cacheBusting, .adPlayhead, .clickPosition, .errorCode, .reason,
    ]

    /// The values of the templates' macros that no moment changes, from `macros` as a beacon's
    /// context has them (with `assetURI`).
    private static func fixedValues(
        _ templates: [String: VASTMacroTemplate], macros: VASTMacroContext, assetURI: String?
    ) -> VASTMacroValues {
        var context = macros
        if let assetURI { context.assetURI = assetURI }
        return VASTMacroValues(context: context, templates: templates.values, excluding: momentMacros)
    }

    private static func distinctProgressOffsets(_ tracking: [TrackedEvent]) -> [VASTTimeOffset] {
        var seen: Set<VASTTimeOffset> = []
        return tracking.compactMap { tracked in
            guard tracked.event == .progress, let offset = tracked.offset, seen.insert(offset).inserted else {
                return nil
            }
            return offset
        }
    }

    /// `about:blank` is never sent (VAST-FACTS 2); an empty URL cannot be.
    static func isBlank(_ url: String) -> Bool {
        // Parsed URLs are trimmed already; this only tells empty and about:blank apart, on bytes
        // (Foundation's trimming bridges every URL through NSString on Linux).
        let bytes = url.utf8.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        guard let first = bytes.first else { return true }
        guard first | 0x20 == 0x61 else { return false }
        return String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNewlines()
            .lowercased() == "about:blank"
    }
}
