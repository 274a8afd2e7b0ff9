public import Foundation

/// A fresh folder under the temporary directory, removed with everything in it when the last reference
/// goes: a suite holds one, and Swift Testing drops each suite instance after its test.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates `TMPDIR/PREFIX-UUID`.
    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
