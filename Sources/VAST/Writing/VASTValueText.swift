/// The text the writer gives times and offsets: the strict VAST spelling, checked to read back
/// through ``VASTTime/parse(_:)`` and ``VASTTimeOffset/parse(_:)`` as the same value.
enum VASTValueText {
    /// A value VAST text cannot carry, and why (a phrase that follows the value's name).
    struct Unwritable: Error {
        let reason: String
    }

    /// `HH:MM:SS.mmm`. Hours past 99 are written with more digits (the reader accepts up to nine,
    /// with a leniency finding); past that, the time is refused.
    static func time(_ time: VASTTime) -> Result<String, Unwritable> {
        let text = time.description
        guard let read = try? VASTTime.parse(text), read.0 == time else {
            return .failure(Unwritable(reason: "is \(time.milliseconds) ms, too long to write as HH:MM:SS.mmm"))
        }
        return .success(text)
    }

    /// A time as ``time(_:)``, or a percentage written in decimal without an exponent (`12.5%`, `0.00001%`).
    static func offset(_ offset: VASTTimeOffset) -> Result<String, Unwritable> {
        switch offset {
        case .time(let value):
            return time(value)
        case .percent(let value):
            guard value.isFinite, value >= 0, value <= 100 else {
                return .failure(Unwritable(reason: "is \(value)%; a percentage runs from 0 to 100"))
            }
            let text = (value == value.rounded() ? String(Int(value)) : decimal(value)) + "%"
            guard let read = try? VASTTimeOffset.parse(text), read.0 == offset else {
                return .failure(Unwritable(reason: "is \(value)%, more digits than a VAST percentage holds"))
            }
            return .success(text)
        }
    }

    /// Swift's shortest round-tripping digits, with an exponent (`1e-05`, only for values below
    /// 0.0001 in this range) spelled out as a plain decimal.
    private static func decimal(_ value: Double) -> String {
        let text = String(value)
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]), exponent < 0 else {
            return text
        }
        let digits = text[..<e].filter { $0 != "." }
        return "0." + String(repeating: "0", count: -exponent - 1) + digits
    }
}
