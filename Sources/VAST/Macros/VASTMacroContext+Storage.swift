/// The storage behind ``VASTMacroContext``'s values: copied on write.
///
/// A context is copied many times for one ad (into the mediation, each source, the tracking plan, every
/// beacon's moment) and changed in few of those copies, most of them (every beacon's) only in the macros a
/// moment sets, which the context keeps inline. Its other values (fifty-four, many of them strings and
/// lists) live in one ``VASTMacroContext/FixedBox``, so a copy retains one object instead of each of them.
extension VASTMacroContext {
    /// The values of a context that no beacon's moment sets.
    struct Fixed {
        var contentPlayhead: VASTTime? = nil
        var mediaPlayhead: VASTTime? = nil
        var breakPosition: BreakPosition? = nil
        var blockedAdCategories: [String]? = nil
        var adCategories: [String]? = nil
        var adCount: Int? = nil
        var transactionID: String? = nil
        var placementType: PlacementType? = nil
        var adType: AdType? = nil
        var universalAdID: String? = nil
        var breakMaxDurationSeconds: Int? = nil
        var breakMaxAds: Int? = nil
        var breakMinAdLengthSeconds: Int? = nil
        var breakMaxAdLengthSeconds: Int? = nil
        var ifa: String? = nil
        var ifaType: String? = nil
        var clientUA: String? = nil
        var serverUA: String? = nil
        var deviceUA: String? = nil
        var serverSide: Int? = nil
        var deviceIP: String? = nil
        var latLong: Coordinates? = nil
        var domain: String? = nil
        var pageURL: String? = nil
        var appBundle: String? = nil
        var vastVersions: [Int]? = nil
        var apiFrameworks: [Int]? = nil
        var extensions: [String]? = nil
        var verificationVendors: [String]? = nil
        var omidPartner: String? = nil
        var mediaMIME: [String]? = nil
        var playerCapabilities: [String]? = nil
        var clickType: ClickType? = nil
        var playerState: [String]? = nil
        var inventoryState: [String]? = nil
        var playerSize: PlayerSize? = nil
        var contentID: String? = nil
        var contentURI: String? = nil
        var podSequence: Int? = nil
        var adServingID: String? = nil
        var limitAdTracking: Bool? = nil
        var regulations: [String]? = nil
        var gdprConsent: String? = nil
        var storeID: String? = nil
        var storeURL: String? = nil
        var playbackMethods: [Int]? = nil
        var contentCategories: [String]? = nil
        var gppString: String? = nil
        var gppSectionIDs: [Int]? = nil
        var dsaRequired: Int? = nil
        var dsaParams: String? = nil
        var dsaPubRender: Int? = nil
        var withheld: Set<VASTMacro> = []
        var unknown: Set<VASTMacro> = []
    }

    /// One context's ``Fixed`` values, shared by its copies.
    ///
    /// `@unchecked Sendable`: the box is written only after ``VASTMacroContext/uniqueFixed()``, which
    /// first replaces a box that any other copy holds, so a box that two copies (or two threads) can
    /// see is never written.
    final class FixedBox: @unchecked Sendable {
        var values: Fixed

        init(_ values: Fixed = Fixed()) { self.values = values }
    }

    /// Makes the box this copy's own before a fixed value changes: copies it when another copy of the
    /// context holds it. (The accessors yield the value in place, so a list appended to or a set
    /// inserted into is not copied for each change.)
    mutating func uniqueFixed() {
        if !isKnownUniquelyReferenced(&fixed) { fixed = FixedBox(fixed.values) }
    }
}
