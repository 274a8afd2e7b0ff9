import AdErrors
import Foundation
import TestSupport
import Testing

/// The helpers that stand in for Foundation where the libraries use FoundationEssentials alone (AdErrors'
/// `trimmingSpaces`, `trimmingSpacesAndNewlines`, `zeroPadded` and `fixed`) give what Foundation gives, on
/// generated inputs: every white space and line-end scalar Foundation knows, and others it does not trim.
@Suite struct FoundationParityTests {
    /// Scalars the trimming must tell apart: Zs, Zl and Zp, the C0 line ends, NEL, and look-alikes that are not
    /// white space to Foundation (zero-width space, BOM, word joiner), letters and a combining mark.
    static let alphabet: [Unicode.Scalar] = [
        " ", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}", "\t",
        "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{FEFF}", "\u{2060}", "a",
        "Z", "é", "\u{301}", "/", "0", "\u{1F600}",
    ]

    @Test func trimmingMatchesFoundationsCharacterSets() {
        var generator = SplitMix64(seed: 0x7472_696D)
        for _ in 0..<3_000 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                view.append(Self.alphabet.randomElement(using: &generator)!)
            }
            let text = String(view)
            #expect(
                text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces),
                "\(text.unicodeScalars.map(\.value))")
            #expect(
                text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.unicodeScalars.map(\.value))")
            #expect(
                text.trimmingSpacesAndNewlines(alsoTrimming: "\u{FEFF}")
                    == text.trimmingCharacters(
                        in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))),
                "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func zeroPaddingMatchesPrintf() {
        var generator = SplitMix64(seed: 0x7061_6464)
        let edges = [0, 1, -1, 9, 10, -10, 99, 100, 999, 1000, -1000, Int(Int32.max), Int(Int32.min)]
        let numbers = edges + (0..<500).map { _ in Int.random(in: -100_000...100_000, using: &generator) }
        for number in numbers {
            for width in [1, 2, 3, 4, 6] {
                #expect(number.zeroPadded(width) == String(format: "%0\(width)d", number), "\(number) \(width)")
            }
        }
        for byte in UInt8.min...UInt8.max {
            #expect(byte.zeroPadded(2, radix: 16) == String(format: "%02x", byte))
        }
    }

    @Test func fixedDecimalsMatchPrintf() {
        var generator = SplitMix64(seed: 0x6669_7864)
        let edges: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.05, 0.15, 0.25, 0.35, 1e-9, 99.95, 999.5, 1e15, -1e15,
        ]
        let numbers = edges + (0..<500).map { _ in Double.random(in: -10_000...10_000, using: &generator) }
        for number in numbers {
            for decimals in [0, 1, 2, 3] {
                #expect(number.fixed(decimals) == String(format: "%.\(decimals)f", number), "\(number) \(decimals)")
            }
        }
    }
}
