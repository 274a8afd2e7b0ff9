/// The ranges every number read from a VAST document must fall in.
///
/// Each bound is far beyond what a real ad uses and far inside what arithmetic on `Int` can
/// hold, so that code downstream (media-file selection, banner fitting, playback) can add and
/// multiply such values without overflow. The parser reports a value outside its bound as a
/// `value.range` error; a size or bitrate is kept as written (saturated at `Int.max` when it
/// does not fit) so that selection can tell it from a missing one and skip its element; a time
/// is dropped (`nil`), so that downstream code treats it as unknown.
///
/// | value | bound | why |
/// |---|---|---|
/// | pixels (`width`, `height`, `expanded*`, `asset*`, icon and fallback-image sizes, numeric icon positions) | 0 to 16,384 | 16K video is 15,360 wide; 0 is legal for audio |
/// | bitrates (`bitrate`, `minBitrate`, `maxBitrate`) | 0 to 1,000,000 kbit/s | 1 Gbit/s; 8K delivery runs near 100 Mbit/s |
/// | `fileSize` | 0 to 2^40 bytes (1 TiB) | mezzanine masters run to tens of GB |
/// | `sequence` (Ad, Creative) | 1 to 10,000 | a pod of ten thousand ads does not exist; 0 is tolerated with a warning |
/// | durations and offsets (`Duration`, `skipoffset`, progress `offset`, icon `duration`/`offset`, `minSuggestedDuration`) | 0 to 24 h | no ad runs a day |
/// | `Expires` | 0 to 31,536,000 s | one year |
/// | `pxratio` | 0.1 to 10 | device pixel ratios are 1 to 4 |
/// | `Pricing` | 0 to 1,000,000 | a CPM of a million is no price |
public enum VASTValueBounds {
    /// Pixel sizes and positions.
    public static let pixels: ClosedRange<Int> = 0...16_384
    /// Bitrates, in kbit/s.
    public static let bitrateKbps: ClosedRange<Int> = 0...1_000_000
    /// File sizes, in bytes.
    public static let fileSizeBytes: ClosedRange<Int> = 0...(1 << 40)
    /// Pod and creative sequence numbers.
    public static let sequence: ClosedRange<Int> = 1...10_000
    /// Durations and offsets.
    public static let duration: ClosedRange<VASTTime> = VASTTime(milliseconds: 0)...VASTTime(milliseconds: 86_400_000)
    /// `<Expires>`, in seconds.
    public static let expiresSeconds: ClosedRange<Int> = 0...31_536_000
    /// `pxratio`.
    public static let pixelRatio: ClosedRange<Double> = 0.1...10
    /// `<Pricing>` amounts, in the price's currency.
    public static let price: ClosedRange<Double> = 0...1_000_000
}
