import Glibc

// Shared by the package's modules: FoundationEssentials has no `String(format:)`, and the libraries
// need no more of Foundation than it.

extension BinaryInteger {
    /// The number in `radix` (lower-case digits), zero-padded to at least `width` characters with its
    /// sign: what `%0Nd` (or `%0Nx` for radix 16) prints.
    package func zeroPadded(_ width: Int, radix: Int = 10) -> String {
        let digits = String(magnitude, radix: radix)
        let sign = self < 0 ? "-" : ""
        let padding = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: padding) + digits
    }
}

extension Double {
    /// The number with `decimals` digits after the point (0 to 9), rounded as C's `printf("%.Nf")` rounds it.
    package func fixed(_ decimals: Int) -> String {
        let format = "%.\(min(max(decimals, 0), 9))f"
        let length = withVaList([self]) { vsnprintf(nil, 0, format, $0) }
        guard length >= 0 else { return String(self) }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = withVaList([self]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
