/// Why an MRAID container refused a command: the MRAID `error(message, action)` event as a value.
///
/// The state is left exactly as it was. ``action`` is the MRAID command as the creative called it
/// (`resize`, `expand`, `close`, `setResizeProperties`, `unload`) or the host report's name.
public struct MRAIDError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The reason, by name.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The name, for example `illegalState`.
        public var rawValue: String
        /// Wraps a name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The command is not allowed in the current state (expand while expanded, resize from expanded,
        /// anything but unload while loading or hidden).
        public static let illegalState = Self(rawValue: "illegalState")
        /// A resize, expand or collapse is in progress; commands never interleave with it.
        public static let commandInProgress = Self(rawValue: "commandInProgress")
        /// The ad is not viewable: only unload is allowed.
        public static let notViewable = Self(rawValue: "notViewable")
        /// Resize and expand are for inline ads only.
        public static let notInline = Self(rawValue: "notInline")
        /// `resize()` before `setResizeProperties()`.
        public static let noResizeProperties = Self(rawValue: "noResizeProperties")
        /// Width or height below 50.
        public static let tooSmall = Self(rawValue: "tooSmall")
        /// Width or height above the max size.
        public static let tooLarge = Self(rawValue: "tooLarge")
        /// With allowOffscreen true, the 50 x 50 close region would leave the screen.
        public static let closeRegionOffscreen = Self(rawValue: "closeRegionOffscreen")
        /// The container was unloaded.
        public static let unloaded = Self(rawValue: "unloaded")
        /// A host reported a finished transition that was never started.
        public static let noPendingTransition = Self(rawValue: "noPendingTransition")
    }

    /// The reason.
    public var code: Code
    /// The MRAID command (or host report) refused.
    public var action: String
    /// The message sent to the creative.
    public var message: String

    /// Creates an error with the code's standard message.
    public init(_ code: Code, action: String, message: String? = nil) {
        self.code = code
        self.action = action
        self.message = message ?? Self.standardMessage(code)
    }

    public var description: String { "\(action): \(code): \(message)" }

    private static func standardMessage(_ code: Code) -> String {
        switch code {
        case .illegalState: "not allowed in the current state"
        case .commandInProgress: "another resize, expand or close is in progress"
        case .notViewable: "the ad is not viewable; only unload is allowed"
        case .notInline: "only inline ads can resize or expand"
        case .noResizeProperties: "call setResizeProperties before resize"
        case .tooSmall: "width and height must be at least 50"
        case .tooLarge: "the frame does not fit the maximum size"
        case .closeRegionOffscreen: "the 50 x 50 close region would be off screen"
        case .unloaded: "the ad was unloaded"
        case .noPendingTransition: "no resize, expand or collapse was started"
        default: code.rawValue
        }
    }
}
