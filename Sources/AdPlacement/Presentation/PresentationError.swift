public import AdErrors

/// Why an input or a request naming a presentation was refused. Nothing changed.
///
/// A `CodedError`: compare its ``code`` with the static members (`error.code == .notOpen`), or the whole
/// error with the factories (`error == .notOpen(handle)`). A request on a handle that is not open is always
/// this error, never a decision for another presentation.
public struct PresentationError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == PresentationError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<PresentationError>

    /// Which reason this is.
    public let code: Code
    /// The handle (or the refused name) the error is about.
    public let handle: PresentationHandle
    /// What happened and what to do, for a person.
    public let message: String

    private init(_ code: Code, _ handle: PresentationHandle, _ message: String) {
        self.code = code
        self.handle = handle
        self.message = message
    }

    /// The handle was never opened in this engine, or it was closed: open a presentation and use its
    /// handle.
    public static func notOpen(_ handle: PresentationHandle) -> Self {
        Self(
            .notOpen, handle,
            "presentation \(handle.id) is not open (never opened, or closed): open a presentation and use the handle "
                + "it returns")
    }

    /// A presentation with this id is already open: close it first, or let the engine choose the id.
    public static func alreadyOpen(_ handle: PresentationHandle) -> Self {
        Self(
            .alreadyOpen, handle,
            "presentation \(handle.id) is already open: close it first or open the new one under another name")
    }

    /// ``PlacementState/maximumOpenPresentations`` presentations (the default one included) are open
    /// already: close those whose players left the screen before opening another.
    public static func tooManyOpen(_ handle: PresentationHandle) -> Self {
        Self(
            .tooManyOpen, handle,
            "\(PlacementState.maximumOpenPresentations) presentations are open already: close the ones whose "
                + "player is gone before opening \(handle.id)")
    }

    /// A collection id longer than ``PlacementState/maximumCollectionIdBytes`` bytes.
    public static func collectionIdTooLong(_ handle: PresentationHandle, bytes: Int) -> Self {
        Self(
            .collectionIdTooLong, handle,
            "the collection id of \(handle.id) is \(bytes) bytes; at most \(PlacementState.maximumCollectionIdBytes) "
                + "are kept: pass the collection's id, not its content")
    }

    /// A caller-chosen id that is empty, longer than ``PresentationHandle/maximumIdLength`` characters, or
    /// holds a character other than letters, digits, `-`, `_` and `.`.
    public static func invalidName(_ name: String) -> Self {
        let shown = name.count > PresentationHandle.maximumIdLength ? String(name.prefix(20)) + "..." : name
        return Self(
            .invalidName, PresentationHandle(id: shown),
            "the presentation name \"\(shown)\" must be 1 to \(PresentationHandle.maximumIdLength) letters, digits, "
                + "'-', '_' or '.'")
    }

    public var description: String { message }
}

extension PresentationHandle {
    /// The longest id a caller may choose.
    public static let maximumIdLength = 64

    /// Whether `name` may be a caller-chosen id: 1 to ``maximumIdLength`` ASCII letters, digits, `-`, `_`
    /// or `.` (so it prints the same everywhere and never needs escaping in reports).
    public static func isValidId(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumIdLength else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
    }
}

extension ErrorCode where Domain == PresentationError {
    /// The handle was never opened in this engine, or it was closed.
    public static let notOpen = Self("notOpen")
    /// A presentation with this id is already open.
    public static let alreadyOpen = Self("alreadyOpen")
    /// A caller-chosen id that is not 1 to 64 letters, digits, `-`, `_` or `.`.
    public static let invalidName = Self("invalidName")
    /// As many presentations as the engine keeps are open already.
    public static let tooManyOpen = Self("tooManyOpen")
    /// A collection id longer than the engine keeps.
    public static let collectionIdTooLong = Self("collectionIdTooLong")
}
