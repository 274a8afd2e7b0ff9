public import Foundation

/// The outside corpus (the IAB's public samples, other players' test tags, the IAB's XSDs) that some
/// suites read in place. It is not shipped with the repository: one setting says where it is,
/// `VAST_CORPUS_DIR`, and without it `<repository>/../shared/corpus` is looked at. Tests that need it
/// carry `.enabled(if: Corpus.isPresent, "needs the outside corpus: ...")`, so a checkout without it
/// reports them skipped, by name, and `Tools/test` counts them; no assertion depends on the corpus' size
/// unless it is there. With `CI=true` a missing corpus fails the run (`CorpusPresenceTests`).
public enum Corpus {
    /// The environment variable that names the corpus folder.
    public static let setting = "VAST_CORPUS_DIR"

    /// The corpus folder: `VAST_CORPUS_DIR` when set and not empty, else `../shared/corpus` beside the checkout.
    public static let folder: URL = {
        if let value = ProcessInfo.processInfo.environment[setting], !value.isEmpty {
            return URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
        }
        return TestServer.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// The IAB's public samples, by VAST version (`iab/VAST 4.2 Samples/...`).
    public static var iab: URL { folder.appendingPathComponent("iab") }
    /// Other players' test tags (`other/videojs-vast-vpaid`, `other/prebid-mobile-ios`).
    public static var other: URL { folder.appendingPathComponent("other") }
    /// The IAB's XSDs (`xsd/vast_4.2.xsd` ...).
    public static var xsd: URL { folder.appendingPathComponent("xsd") }

    /// True when all three parts of the corpus are there; a partial corpus counts as absent.
    public static let isPresent: Bool = [iab, other, xsd].allSatisfy {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// True when the run is CI's (`CI=true`, as CI services set it), where a missing corpus is an error.
    public static var isRequired: Bool {
        ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// What is missing and how to supply it, for messages.
    public static var absentReason: String {
        "needs the outside corpus (iab/, other/, xsd/), not at \(folder.path): set \(setting)=DIR to run it"
    }
}
