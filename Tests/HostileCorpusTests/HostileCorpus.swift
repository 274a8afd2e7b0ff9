import Foundation
import TestSupport

/// The corpus on disk: every `Tests/Hostile/<layer>/cases.json`.
enum HostileCorpus {
    static let folder = TestServer.repositoryRoot.appendingPathComponent("Tests/Hostile")

    /// The layers the issue names, each of which must hold cases.
    static let requiredLayers = [
        "parser", "encodings", "numbers", "transport", "wrappers", "pods", "beacons", "settings", "cli", "media",
    ]

    /// Every case, layer by layer in name order, each in file order.
    static func cases() throws -> [HostileCase] {
        let layers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var all: [HostileCase] = []
        for layer in layers {
            let manifest = folder.appendingPathComponent(layer).appendingPathComponent("cases.json")
            guard FileManager.default.fileExists(atPath: manifest.path) else { continue }
            let data = try Data(contentsOf: manifest)
            var cases: [HostileCase]
            do {
                cases = try JSONDecoder().decode([HostileCase].self, from: data)
            } catch {
                throw ChildError(message: "\(manifest.path): \(error)")
            }
            for index in cases.indices { cases[index].layer = layer }
            all += cases
        }
        return all
    }

    /// True in a loopback-only network namespace (`Tools/test`'s, or any `unshare -n`: see
    /// `TestConditions.networkIsLoopbackOnly`), or when `ADENGINE_TEST_NETWORK=host` says the host's
    /// network is meant.
    static var networkIsIsolated: Bool {
        TestConditions.networkIsLoopbackOnly || ProcessInfo.processInfo.environment["ADENGINE_TEST_NETWORK"] == "host"
    }

    /// A program `Tools/test` builds (see `BuiltProgram`); a missing or stale one is refused with the
    /// command that builds it.
    static func executable(_ name: String) throws -> String { try BuiltProgram.require(name) }
}

/// A case's private folder and its placeholders:
/// `{file:NAME}` a data file of the layer (read in place), `{gen:NAME}` a generated input,
/// `{tmp}` the case's folder (also the working directory), `{server}` the loopback server's base URL,
/// `{root}` the repository, `{corpus}` the outside corpus (`Corpus.folder`).
struct CaseWorkspace {
    let folder: URL
    let layerFolder: URL
    let serverURL: String?

    init(for hostile: HostileCase, serverURL: String?) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        layerFolder = HostileCorpus.folder.appendingPathComponent(hostile.layer)
        self.serverURL = serverURL
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, recipe) in hostile.generate ?? [:] {
            try write(recipe, to: folder.appendingPathComponent(name))
        }
        for (name, target) in hostile.links ?? [:] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: expand(target))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func expand(_ text: String) -> String {
        var result = text
        result = result.replacingOccurrences(of: "{tmp}", with: folder.path)
        result = result.replacingOccurrences(of: "{root}", with: TestServer.repositoryRoot.path)
        result = result.replacingOccurrences(of: "{corpus}", with: Corpus.folder.path)
        if let serverURL { result = result.replacingOccurrences(of: "{server}", with: serverURL) }
        for (marker, base) in [("{file:", layerFolder), ("{gen:", folder)] {
            while let start = result.range(of: marker), let end = result[start.upperBound...].firstIndex(of: "}") {
                let name = String(result[start.upperBound..<end])
                result.replaceSubrange(start.lowerBound...end, with: base.appendingPathComponent(name).path)
            }
        }
        return result
    }

    private func write(_ recipe: Recipe, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ChildError(message: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        if let prefixFile = recipe.prefixFile {
            try handle.write(contentsOf: Data(contentsOf: layerFolder.appendingPathComponent(prefixFile)))
        }
        if let prefix = recipe.prefix { try handle.write(contentsOf: recipe.encoded(expand(prefix))) }
        let unit = expand(recipe.repeat)
        let indexed = unit.contains("{i}")
        var chunk = Data()
        for index in 0..<recipe.times {
            chunk.append(recipe.encoded(indexed ? unit.replacingOccurrences(of: "{i}", with: String(index)) : unit))
            if chunk.count >= 1 << 20 {
                try handle.write(contentsOf: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: chunk)
        if let suffix = recipe.suffix { try handle.write(contentsOf: recipe.encoded(expand(suffix))) }
    }
}
