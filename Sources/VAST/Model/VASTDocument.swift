/// A parsed VAST response: the root element with its ads or its no-ad errors.
///
/// Value type, `Sendable`; built by ``VASTParser`` from the bytes of one response and never
/// mutated by the engine afterwards ("once" semantics live in the lifecycle's state, not here).
public struct VASTDocument: Sendable, Hashable {
    /// The root's `version` attribute as written (for example `"4.2"`).
    public var version: String
    /// The ads in document order (a pod when they carry `sequence`, a buffet otherwise).
    public var ads: [VASTAd]
    /// Root `<Error>` URIs: the no-ad response's error pixels.
    public var errors: [String]

    /// Creates a document.
    public init(version: String, ads: [VASTAd] = [], errors: [String] = []) {
        self.version = version
        self.ads = ads
        self.errors = errors
    }

    /// The recognised VAST version, or `nil` when the attribute names none this engine supports.
    public var vastVersion: VASTVersion? { VASTVersion(rawValue: version) }

    /// True when the response holds no ad: only root errors, or nothing at all.
    public var isNoAd: Bool { ads.isEmpty }

    /// The ads that form the pod, ordered by `sequence`.
    public var pod: [VASTAd] {
        ads.filter { $0.sequence != nil }.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
    }

    /// The stand-alone ads (no `sequence`): the buffet that replaces failed pod ads.
    public var buffet: [VASTAd] { ads.filter { $0.sequence == nil } }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// The cases spell the versions as the IAB writes them (4.2 is `v4_2`), a name callers already use.
/// The VAST versions this engine reads. VAST 1.0 is recognised only to be refused with code 102.
public enum VASTVersion: String, Sendable, Hashable, CaseIterable, Comparable {
    case v2_0 = "2.0"
    case v3_0 = "3.0"
    case v4_0 = "4.0"
    case v4_1 = "4.1"
    case v4_2 = "4.2"
    case v4_3 = "4.3"

    /// Accepts the versions as written by real servers: `"2.0"`, `"2.0.1"`, `"4"`, `"4.2.0"`.
    public init?(rawValue: String) {
        // The canonical spellings, read from the bytes (the parser reads one per document); the
        // general reading below gives the same answer for them.
        var text = rawValue
        let canonical: VASTVersion? = text.withUTF8 { bytes in
            guard bytes.count == 3, bytes[1] == 0x2E else { return nil }
            switch (bytes[0], bytes[2]) {
            case (0x32, 0x30): return .v2_0
            case (0x33, 0x30): return .v3_0
            case (0x34, 0x30): return .v4_0
            case (0x34, 0x31): return .v4_1
            case (0x34, 0x32): return .v4_2
            case (0x34, 0x33): return .v4_3
            default: return nil
            }
        }
        if let canonical {
            self = canonical
            return
        }
        let parts = rawValue.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Int(first) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor, parts.dropFirst(2).allSatisfy({ Int($0) != nil }) else { return nil }
        switch (major, minor) {
        case (2, 0): self = .v2_0
        case (3, 0): self = .v3_0
        case (4, 0): self = .v4_0
        case (4, 1): self = .v4_1
        case (4, 2): self = .v4_2
        case (4, 3): self = .v4_3
        default: return nil
        }
    }

    /// The canonical spelling, for example `"4.2"`.
    public var rawValue: String {
        switch self {
        case .v2_0: "2.0"
        case .v3_0: "3.0"
        case .v4_0: "4.0"
        case .v4_1: "4.1"
        case .v4_2: "4.2"
        case .v4_3: "4.3"
        }
    }

    private var order: Int {
        switch self {
        case .v2_0: 0
        case .v3_0: 1
        case .v4_0: 2
        case .v4_1: 3
        case .v4_2: 4
        case .v4_3: 5
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    /// True for 4.0 and later, whose schemas are namespaced.
    public var isVAST4: Bool { self >= .v4_0 }
}
