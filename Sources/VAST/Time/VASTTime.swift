public import AdErrors

/// A duration or playhead position in a VAST document, in whole milliseconds.
///
/// VAST writes times as `HH:MM:SS` or `HH:MM:SS.mmm`; ``parse(_:)`` reads those strictly and
/// also accepts the looser forms players accept (bare seconds, `1:2:3`, other fraction lengths),
/// saying so, so that a validator can report them.
public struct VASTTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The time in milliseconds, never negative.
    public var milliseconds: Int

    /// Creates a time from milliseconds (negative values become zero).
    public init(milliseconds: Int) { self.milliseconds = max(0, milliseconds) }

    /// Creates a time from seconds, rounded to the millisecond.
    ///
    /// Never traps: negative values and NaN become zero, values beyond `Int.max` milliseconds
    /// (infinity included) become `Int.max` milliseconds.
    public init(seconds: Double) { self.init(roundingMilliseconds: seconds * 1000) }

    /// Milliseconds rounded to a whole number, saturated as ``init(seconds:)`` describes.
    init(roundingMilliseconds value: Double) {
        let milliseconds = value.rounded()
        if !(milliseconds > 0) {
            self.init(milliseconds: 0)
        } else if milliseconds >= Double(Int.max) {
            self.init(milliseconds: Int.max)
        } else {
            self.init(milliseconds: Int(milliseconds))
        }
    }

    /// The time in seconds.
    public var seconds: Double { Double(milliseconds) / 1000 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The strict VAST spelling, `HH:MM:SS.mmm`.
    public var description: String {
        let ms = milliseconds % 1000
        let total = milliseconds / 1000
        return "\(pad(total / 3600)):\(pad(total / 60 % 60)):\(pad(total % 60)).\(pad(ms, width: 3))"
    }

    private func pad(_ value: Int, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Parses a VAST time value.
    ///
    /// Strict form: `HH:MM:SS` or `HH:MM:SS.mmm` (two-digit fields, minutes and seconds 0 to 59,
    /// exactly three fraction digits). Lenient forms, accepted with a ``VASTLeniency``: one- or
    /// more-digit fields (`1:2:3`), one to nine fraction digits, and bare seconds (`15`, `15.5`).
    /// Input is bounded: anything longer than 32 characters is refused, and no field takes more
    /// than 9 digits, so the result (at most about 10^15 ms) never overflows. Whether a time is a
    /// plausible one is the caller's question (``VASTValueBounds/duration``).
    /// - Returns: the time and, when the input was not strict, what was tolerated.
    /// - Throws: ``VASTTimeFormatError`` when the text is not a time.
    public static func parse(_ text: String) throws(VASTTimeFormatError) -> (VASTTime, VASTLeniency?) {
        if let outcome = text.utf8.withContiguousStorageIfAvailable({ parseASCII($0) }), let outcome {
            switch outcome {
            case .success(let value): return value
            case .failure(let reason): throw VASTTimeFormatError(text: text, reason: reason.text)
            }
        }
        return try parseCharacters(text)
    }

    /// Why ``parseASCII(_:)`` refused a time, as ``VASTTimeFormatError/reason``'s text.
    private enum Refusal: Error {
        case empty, tooLong, shape, seconds, fraction, field, minutes, secondsAbove

        var text: String {
            switch self {
            case .empty: "is empty"
            case .tooLong: "is too long"
            case .shape: "is not HH:MM:SS(.mmm)"
            case .seconds: "has seconds that are not a number"
            case .fraction: "has a fraction that is not 1 to 9 digits"
            case .field: "has a field that is not a number"
            case .minutes: "has minutes above 59"
            case .secondsAbove: "has seconds above 59"
            }
        }
    }

    /// ``parse(_:)`` over the bytes of an all-ASCII text, where a `Character` is a byte (CR LF
    /// aside, which is whitespace either way), so splitting at bytes gives the same fields as
    /// ``parseCharacters(_:)`` without allocating them; `nil` for any other text.
    private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<(VASTTime, VASTLeniency?), Refusal>? {
        var colons = 0
        var firstColon = 0
        var secondColon = 0
        var start = -1
        var end = -1
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if !byte.isASCIIWhitespace {
                if start < 0 { start = index }
                end = index + 1
            }
        }
        guard start >= 0 else { return .failure(.empty) }
        guard end - start <= 32 else { return .failure(.tooLong) }
        for index in start..<end where bytes[index] == 0x3A {
            colons += 1
            if colons == 1 { firstColon = index } else if colons == 2 { secondColon = index }
        }
        guard colons == 2 || colons == 0 else { return .failure(.shape) }
        var leniency: VASTLeniency? = end - start != bytes.count ? VASTLeniency("surrounding whitespace") : nil
        // The seconds field: whole seconds, then at most one `.` and 1 to 9 fraction digits.
        let secondsStart = colons == 2 ? secondColon + 1 : start
        var dot = -1
        for index in secondsStart..<end where bytes[index] == 0x2E {
            guard dot < 0 else { return .failure(.seconds) }
            dot = index
        }
        let wholeEnd = dot < 0 ? end : dot
        guard let seconds = digits(bytes, secondsStart, wholeEnd) else { return .failure(.seconds) }
        var millis = 0
        var fractionDigits = 0
        if dot >= 0 {
            fractionDigits = end - dot - 1
            guard fractionDigits <= 9, let value = digits(bytes, dot + 1, end) else { return .failure(.fraction) }
            millis = value
            var count = fractionDigits
            while count > 3 {
                millis /= 10
                count -= 1
            }
            while count < 3 {
                millis *= 10
                count += 1
            }
        }
        if colons == 0 {
            return .success(
                (VASTTime(milliseconds: seconds * 1000 + millis), VASTLeniency("bare seconds instead of HH:MM:SS")))
        }
        guard let hours = digits(bytes, start, firstColon), let minutes = digits(bytes, firstColon + 1, secondColon)
        else { return .failure(.field) }
        guard minutes < 60 else { return .failure(.minutes) }
        guard seconds < 60 else { return .failure(.secondsAbove) }
        if firstColon - start != 2 || secondColon - firstColon - 1 != 2 || wholeEnd - secondsStart != 2 {
            leniency = leniency ?? VASTLeniency("fields not written with two digits")
        } else if fractionDigits != 0 && fractionDigits != 3 {
            leniency = leniency ?? VASTLeniency("\(fractionDigits) fraction digits instead of 3")
        }
        return .success((VASTTime(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis), leniency))
    }

    /// Reads the 1 to 9 ASCII digits of `bytes[from..<to]`, as ``digits(_:)`` does.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        guard from < to, to - from <= 9 else { return nil }
        var value = 0
        for index in from..<to {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// ``parse(_:)`` by `Character`s, for text that is not all ASCII.
    private static func parseCharacters(_ text: String) throws(VASTTimeFormatError) -> (VASTTime, VASTLeniency?) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw VASTTimeFormatError(text: text, reason: "is empty") }
        guard trimmed.utf8.count <= 32 else { throw VASTTimeFormatError(text: text, reason: "is too long") }
        var leniency: VASTLeniency? =
            trimmed.utf8.count != text.utf8.count
            ? VASTLeniency("surrounding whitespace") : nil
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 1 else {
            throw VASTTimeFormatError(text: text, reason: "is not HH:MM:SS(.mmm)")
        }
        guard let last = parts.last else { throw VASTTimeFormatError(text: text, reason: "is empty") }
        let (seconds, millis, fractionDigits) = try splitSeconds(last, text: text)
        if parts.count == 1 {
            return (VASTTime(milliseconds: seconds * 1000 + millis), VASTLeniency("bare seconds instead of HH:MM:SS"))
        }
        guard let hours = digits(parts[0]), let minutes = digits(parts[1]) else {
            throw VASTTimeFormatError(text: text, reason: "has a field that is not a number")
        }
        guard minutes < 60 else { throw VASTTimeFormatError(text: text, reason: "has minutes above 59") }
        guard seconds < 60 else { throw VASTTimeFormatError(text: text, reason: "has seconds above 59") }
        if parts[0].utf8.count != 2 || parts[1].utf8.count != 2
            || (last.split(separator: ".").first?.utf8.count ?? 0) != 2
        {
            leniency = leniency ?? VASTLeniency("fields not written with two digits")
        } else if fractionDigits != 0 && fractionDigits != 3 {
            leniency = leniency ?? VASTLeniency("\(fractionDigits) fraction digits instead of 3")
        }
        return (VASTTime(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis), leniency)
    }

    /// Splits `SS(.fff)` into whole seconds, milliseconds and the number of fraction digits.
    private static func splitSeconds(_ field: Substring, text: String) throws(VASTTimeFormatError) -> (Int, Int, Int) {
        let pieces = field.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let whole = digits(pieces[0]) else {
            throw VASTTimeFormatError(text: text, reason: "has seconds that are not a number")
        }
        guard pieces.count == 2 else { return (whole, 0, 0) }
        let fraction = pieces[1]
        guard fraction.utf8.count <= 9, let value = digits(fraction) else {
            throw VASTTimeFormatError(text: text, reason: "has a fraction that is not 1 to 9 digits")
        }
        var millis = value
        var count = fraction.utf8.count
        while count > 3 {
            millis /= 10
            count -= 1
        }
        while count < 3 {
            millis *= 10
            count += 1
        }
        return (whole, millis, fraction.utf8.count)
    }

    /// Reads 1 to 9 ASCII digits; anything else (signs, spaces, letters, no digits) is `nil`.
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

/// Why a time value could not be read.
public struct VASTTimeFormatError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == VASTTimeFormatError` below.
    public typealias Code = ErrorCode<VASTTimeFormatError>

    /// Which reason this is: ``Code`` `invalidTime` for every error today.
    public var code: Code { .invalidTime }
    /// The text as written.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    /// The text and what is wrong with it, as one sentence.
    public var message: String { "time value \"\(text.prefix(40))\" \(reason)" }

    public var description: String { message }
}

/// What a lenient reading tolerated, for the validator to report.
public struct VASTLeniency: Sendable, Hashable, CustomStringConvertible {
    /// A short phrase: "bare seconds instead of HH:MM:SS".
    public var reason: String

    /// Creates a leniency note.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

extension ErrorCode where Domain == VASTTimeFormatError {
    /// The text is not a duration, an offset or a percentage VAST allows.
    public static let invalidTime = Self("invalidTime")
}
