/// An IAB VAST error code, as sent in the `[ERRORCODE]` macro.
///
/// A `RawRepresentable` struct rather than an enum so that codes this engine does not name
/// (a newer spec, a vendor's own) still fit.
public struct VASTErrorCode: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numeric code, for example 303.
    public var rawValue: Int

    /// Wraps a code.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }

    /// XML parsing error.
    public static let xmlParsing = Self(rawValue: 100)
    /// VAST schema validation error.
    public static let schemaValidation = Self(rawValue: 101)
    /// VAST version of the response not supported.
    public static let versionNotSupported = Self(rawValue: 102)
    /// Trafficking error: the ad type was not expected or cannot be played.
    public static let trafficking = Self(rawValue: 200)
    /// Linearity not as expected.
    public static let unexpectedLinearity = Self(rawValue: 201)
    /// Duration not as expected.
    public static let unexpectedDuration = Self(rawValue: 202)
    /// Size not as expected.
    public static let unexpectedSize = Self(rawValue: 203)
    /// Ad category required but missing.
    public static let categoryRequired = Self(rawValue: 204)
    /// InLine category blocked by a Wrapper's BlockedAdCategories.
    public static let categoryBlocked = Self(rawValue: 205)
    /// General Wrapper error.
    public static let wrapper = Self(rawValue: 300)
    /// Wrapper VASTAdTagURI timed out or unavailable.
    public static let wrapperTimeout = Self(rawValue: 301)
    /// Wrapper limit reached.
    public static let wrapperLimit = Self(rawValue: 302)
    /// No ads after one or more Wrappers.
    public static let noAdsAfterWrapper = Self(rawValue: 303)
    /// General Linear error.
    public static let linear = Self(rawValue: 400)
    /// Media file not found.
    public static let mediaFileNotFound = Self(rawValue: 401)
    /// No supported MediaFile.
    public static let noSupportedMediaFile = Self(rawValue: 403)
    /// General NonLinear error.
    public static let nonLinear = Self(rawValue: 500)
    /// NonLinear does not fit.
    public static let nonLinearDoesNotFit = Self(rawValue: 501)
    /// General Companion error.
    public static let companion = Self(rawValue: 600)
    /// Companion does not fit.
    public static let companionDoesNotFit = Self(rawValue: 601)
    /// Undefined error.
    public static let undefined = Self(rawValue: 900)
}
