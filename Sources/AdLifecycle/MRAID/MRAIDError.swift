public import AdErrors

/// Why an MRAID container refused a command: the MRAID `error(message, action)` event as a value.
///
/// The state is left exactly as it was. ``action`` is the MRAID command as the creative called it
/// (`resize`, `expand`, `close`, `setResizeProperties`, `unload`) or the host report's name.
public struct MRAIDError: CodedError, Hashable, Codable {
    /// Which reason: one of the static members of `ErrorCode where Domain == MRAIDError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<MRAIDError>

    /// Which reason this is.
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
        default: code.description
        }
    }
}

extension ErrorCode where Domain == MRAIDError {
    /// The command is not allowed in the current state (expand while expanded, resize from expanded,
    /// anything but unload while loading or hidden).
    public static let illegalState = Self("illegalState")
    /// A resize, expand or collapse is in progress; commands never interleave with it.
    public static let commandInProgress = Self("commandInProgress")
    /// The ad is not viewable: only unload is allowed.
    public static let notViewable = Self("notViewable")
    /// Resize and expand are for inline ads only.
    public static let notInline = Self("notInline")
    /// `resize()` before `setResizeProperties()`.
    public static let noResizeProperties = Self("noResizeProperties")
    /// Width or height below 50.
    public static let tooSmall = Self("tooSmall")
    /// Width or height above the max size.
    public static let tooLarge = Self("tooLarge")
    /// With allowOffscreen true, the 50 x 50 close region would leave the screen.
    public static let closeRegionOffscreen = Self("closeRegionOffscreen")
    /// The container was unloaded.
    public static let unloaded = Self("unloaded")
    /// A host reported a finished transition that was never started.
    public static let noPendingTransition = Self("noPendingTransition")
}
