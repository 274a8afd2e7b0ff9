import AdErrors
import FoundationEssentials
import Synchronization
import VAST

/// The macro values `inspect` and `simulate` expand URLs with: `--macro NAME=VALUE` (repeatable),
/// `--start DATE` (the clock: `[TIMESTAMP]`) and `--seed N` (`[CACHEBUSTING]`), so that a run can be
/// repeated exactly.
struct MacroProfile: Sendable {
    static let start = Option(
        "--start", value: "DATE",
        help: "When the ad starts, ISO 8601 (2024-05-01T12:00:00Z): the clock [TIMESTAMP] is read from (default: now).")
    static let seed = Option("--seed", value: "N", help: "Makes [CACHEBUSTING] repeatable (default: random).")

    /// The options this profile reads (`--macro` alone for commands whose output has no clock).
    static let options: [Option] = [.macro, start, seed]

    /// The values, declarations, and random source (its clock is ``start``).
    var context: VASTMacroContext
    /// The moment the ad starts (simulate adds the simulation clock to it).
    var start: Date

    /// Reads `--macro`, `--start` and `--seed`.
    /// - Throws: a usage error naming the option and the value it could not read.
    init(_ arguments: Arguments) throws(UsageError) {
        var start: Date?
        if let text = arguments.value("--start") {
            guard let date = Self.date(text) else {
                throw UsageError(
                    "--start takes an ISO 8601 date and time such as 2024-05-01T12:00:00Z, not \"\(text)\"")
            }
            start = date
        }
        var random: @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) }
        if let text = arguments.value("--seed") {
            guard let seed = UInt64(text) else {
                throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not \"\(text)\"")
            }
            let generator = SeededRandom(seed: seed)
            random = { generator.next() }
        }
        var context = VASTMacroContext(random: random)
        for assignment in arguments.values["--macro"] ?? [] {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw UsageError(
                    "--macro takes NAME=VALUE (for example --macro DEVICEIP=192.0.2.1), not \"\(assignment)\"")
            }
            var name = String(assignment[..<equals]).trimmingSpaces()
            if name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2 {
                name = String(name.dropFirst().dropLast())
            }
            if name.hasPrefix("%%") && name.hasSuffix("%%") && name.count > 4 {
                name = String(name.dropFirst(2).dropLast(2))
            }
            let value = String(assignment[assignment.index(after: equals)...])
            let macro = VASTMacro(rawValue: name.uppercased())
            guard macro.isIAB else {
                throw UsageError(
                    "--macro \(name): not an IAB macro (see the IAB VAST macro list, for example DEVICEIP, IFA, PAGEURL)"
                )
            }
            if macro == .timestamp, value != "-1", value != "-2" {
                guard start == nil else {
                    throw UsageError("--macro TIMESTAMP and --start both set the clock; give one")
                }
                guard let date = Self.date(value) else {
                    throw UsageError("--macro TIMESTAMP takes an ISO 8601 date and time, not \"\(value)\"")
                }
                start = date
                continue
            }
            try Self.set(macro, to: value, in: &context)
        }
        self.start = start ?? Date()
        let fixed = self.start
        context.now = { fixed }
        self.context = context
    }

    /// `2024-05-01T12:00:00Z`, with or without fractional seconds, with a zone: an RFC 3339 timestamp.
    static func date(_ text: String) -> Date? { InternetTimestamp.parse(text) }

    /// Sets one macro from its command-line text: `-1` declares it unknown, `-2` withheld; otherwise
    /// the value is read as the macro's type (a number, a list with commas, a time, `x,y`...).
    static func set(_ macro: VASTMacro, to value: String, in context: inout VASTMacroContext) throws(UsageError) {
        if value == "-1" {
            context.unknown.insert(macro)
            return
        }
        if value == "-2" {
            context.withheld.insert(macro)
            return
        }
        let reader = MacroValueReader(macro: macro, text: value)
        switch macro {
        case .cacheBusting:
            let number = try reader.integer()
            guard (10_000_000...99_999_999).contains(number) else {
                throw reader.error("an eight-digit number from 10000000 to 99999999")
            }
            context.random = { UInt64(number - 10_000_000) }
        case .contentPlayhead: context.contentPlayhead = try reader.time()
        case .mediaPlayhead: context.mediaPlayhead = try reader.time()
        case .adPlayhead: context.adPlayhead = try reader.time()
        case .breakPosition: context.breakPosition = try reader.code(VASTMacroContext.BreakPosition.init(rawValue:))
        case .placementType: context.placementType = try reader.code(VASTMacroContext.PlacementType.init(rawValue:))
        case .clickType: context.clickType = try reader.code(VASTMacroContext.ClickType.init(rawValue:))
        case .reason: context.reason = try reader.code(VASTMacroContext.VerificationNotExecutedReason.init(rawValue:))
        case .errorCode: context.errorCode = VASTErrorCode(rawValue: try reader.integer())
        case .adType:
            guard let type = VASTMacroContext.AdType(rawValue: value.lowercased()) else {
                throw reader.error("video, audio or hybrid")
            }
            context.adType = type
        case .blockedAdCategories: context.blockedAdCategories = reader.list()
        case .adCategories: context.adCategories = reader.list()
        case .extensions: context.extensions = reader.list()
        case .verificationVendors: context.verificationVendors = reader.list()
        case .mediaMIME: context.mediaMIME = reader.list()
        case .playerCapabilities: context.playerCapabilities = reader.list()
        case .playerState: context.playerState = reader.list()
        case .inventoryState: context.inventoryState = reader.list()
        case .regulations: context.regulations = reader.list()
        case .contentCategories: context.contentCategories = reader.list()
        case .vastVersions: context.vastVersions = try reader.integers()
        case .apiFrameworks: context.apiFrameworks = try reader.integers()
        case .playbackMethods: context.playbackMethods = try reader.integers()
        case .gppSectionID: context.gppSectionIDs = try reader.integers()
        case .adCount: context.adCount = try reader.integer()
        case .breakMaxDuration: context.breakMaxDurationSeconds = try reader.integer()
        case .breakMaxAds: context.breakMaxAds = try reader.integer()
        case .breakMinAdLength: context.breakMinAdLengthSeconds = try reader.integer()
        case .breakMaxAdLength: context.breakMaxAdLengthSeconds = try reader.integer()
        case .serverSide: context.serverSide = try reader.integer()
        case .podSequence: context.podSequence = try reader.integer()
        case .dsaRequired: context.dsaRequired = try reader.integer()
        case .dsaPubRender: context.dsaPubRender = try reader.integer()
        case .limitAdTracking:
            switch value.lowercased() {
            case "1", "true", "yes": context.limitAdTracking = true
            case "0", "false", "no": context.limitAdTracking = false
            default: throw reader.error("1 or 0")
            }
        case .latLong:
            let (latitude, longitude) = try reader.pair(Double.init, "latitude,longitude in degrees")
            context.latLong = .init(latitude: latitude, longitude: longitude)
        case .playerSize:
            let (width, height) = try reader.pair(Int.init, "WIDTH,HEIGHT in pixels")
            context.playerSize = .init(width: width, height: height)
        case .clickPosition:
            let (x, y) = try reader.pair(Int.init, "X,Y in pixels")
            context.clickPosition = .init(x: x, y: y)
        case .transactionID: context.transactionID = value
        case .universalAdID: context.universalAdID = value
        case .ifa: context.ifa = value
        case .ifaType: context.ifaType = value
        case .clientUA: context.clientUA = value
        case .serverUA: context.serverUA = value
        case .deviceUA: context.deviceUA = value
        case .deviceIP: context.deviceIP = value
        case .domain: context.domain = value
        case .pageURL: context.pageURL = value
        case .appBundle: context.appBundle = value
        case .omidPartner: context.omidPartner = value
        case .assetURI: context.assetURI = value
        case .contentID: context.contentID = value
        case .contentURI: context.contentURI = value
        case .adServingID: context.adServingID = value
        case .gdprConsent: context.gdprConsent = value
        case .storeID: context.storeID = value
        case .storeURL: context.storeURL = value
        case .gppString: context.gppString = value
        case .dsaParams: context.dsaParams = value
        default:
            throw UsageError(
                "--macro \(macro.rawValue) cannot be set: it is filled by the tool (use --start for TIMESTAMP)")
        }
    }
}

/// Reads one `--macro` value as the macro's type, or says what was expected.
private struct MacroValueReader {
    let macro: VASTMacro
    let text: String

    func error(_ expected: String) -> UsageError {
        UsageError("--macro \(macro.rawValue) takes \(expected), not \"\(text)\"")
    }

    func integer() throws(UsageError) -> Int {
        guard let number = Int(text.trimmingSpaces()), number >= 0 else {
            throw error("a whole number")
        }
        return number
    }

    func integers() throws(UsageError) -> [Int] {
        var numbers: [Int] = []
        for item in list() {
            guard let number = Int(item), number >= 0 else { throw error("whole numbers separated by commas") }
            numbers.append(number)
        }
        return numbers
    }

    func list() -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingSpaces() }
    }

    func time() throws(UsageError) -> VASTTime {
        do {
            return try VASTTime.parse(text).0
        } catch {
            throw self.error("a time (HH:MM:SS.mmm or seconds)")
        }
    }

    func code<T>(_ make: (Int) -> T?) throws(UsageError) -> T {
        guard let value = make(try integer()) else { throw error("one of the IAB codes for it") }
        return value
    }

    func pair<T>(_ make: (String) -> T?, _ expected: String) throws(UsageError) -> (T, T) {
        let parts = text.split(separator: text.contains(",") ? "," : "x", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard parts.count == 2, let first = make(parts[0]), let second = make(parts[1]) else { throw error(expected) }
        return (first, second)
    }
}

/// A deterministic source for `[CACHEBUSTING]` (SplitMix64), so `--seed` repeats a run exactly.
private final class SeededRandom: Sendable {
    private let state: Mutex<UInt64>

    init(seed: UInt64) { state = Mutex(seed) }

    func next() -> UInt64 {
        state.withLock { state in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
