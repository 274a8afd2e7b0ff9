// Shared by the package's modules (AdErrors is the one they all build on): FoundationEssentials has
// no `trimmingCharacters(in:)`, and the libraries need no more of Foundation than it.

extension StringProtocol {
    /// The text without the white space at either end that Foundation's `CharacterSet.whitespaces`
    /// names: horizontal tab, every space separator (Unicode category Zs) and, as in Foundation, the
    /// zero-width space (U+200B).
    package func trimmingSpaces() -> String { trimming(newlines: false) }

    /// The text without the white space and line ends at either end that Foundation's
    /// `CharacterSet.whitespacesAndNewlines` names: category Z (Zs, Zl, Zp), U+0009 to U+000D, U+0085 and U+200B,
    /// and `extra` when given (a byte order mark, say) wherever it stands among them.
    package func trimmingSpacesAndNewlines(alsoTrimming extra: Unicode.Scalar? = nil) -> String {
        trimming(newlines: true, extra: extra)
    }

    private func trimming(newlines: Bool, extra: Unicode.Scalar? = nil) -> String {
        let trimmed = { (scalar: Unicode.Scalar) in scalar == extra || scalar.isTrimmable(newlines: newlines) }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex { !trimmed($0) }!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}

extension Unicode.Scalar {
    fileprivate func isTrimmable(newlines: Bool) -> Bool {
        switch properties.generalCategory {
        case .spaceSeparator: return true
        case .lineSeparator, .paragraphSeparator: return newlines
        default: break
        }
        if value == 0x09 || value == 0x200B { return true }
        return newlines && ((0x0A...0x0D).contains(value) || value == 0x85)
    }
}
