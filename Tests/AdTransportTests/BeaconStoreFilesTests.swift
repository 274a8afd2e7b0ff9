import AdTransport
import Foundation
import TestSupport
import Testing

/// The store's files hold identifiers and consent strings: every one is 0600 whatever the
/// umask, and none is ever opened through a symbolic link (whose target stays as it was).
@Suite(.serialized) struct BeaconStoreFilesTests {
    let client: HTTPClient
    let directory: TemporaryDirectory

    init() throws {
        client = try HTTPClient()
        directory = try TemporaryDirectory()
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    /// Opens a stopped dispatcher at `path` and commits a beacon, so that the WAL and its index
    /// exist; returns the dispatcher, still open.
    private func openWithACommit(_ path: String) async throws -> BeaconDispatcher {
        let dispatcher = try BeaconDispatcher(storePath: path, client: client)
        await dispatcher.stop()
        try await dispatcher.enqueue([Beacon(url: "http://127.0.0.1:9/b", event: "impression", adInstance: "a")])
        return dispatcher
    }

    @Test(arguments: [0o022, 0o000, 0o002])
    func everyFileOfTheStoreIsOwnerOnlyWhateverTheUmask(_ mask: Int) async throws {
        defer { directory.remove() }
        let path = directory.store()
        let previous = umask(mode_t(mask))
        defer { umask(previous) }
        let dispatcher = try await openWithACommit(path)
        for file in [path, path + "-wal", path + "-shm", path + ".lock"] {
            #expect(mode(file) == 0o600, "\(file) with umask \(String(mask, radix: 8))")
        }
        await dispatcher.close()
        #expect(mode(path) == 0o600)
    }

    @Test func aStoreMadeReadableByOthersIsMadePrivateWhenOpened() async throws {
        defer { directory.remove() }
        let path = directory.store()
        try await openWithACommit(path).close()
        for file in [path, path + ".lock"] { chmod(file, 0o644) }
        let dispatcher = try await openWithACommit(path)
        for file in [path, path + "-wal", path + "-shm", path + ".lock"] { #expect(mode(file) == 0o600, "\(file)") }
        #expect(await dispatcher.queuedCount == 1)
        await dispatcher.close()
    }

    @Test(arguments: ["", "-wal", "-shm", "-journal", ".lock"])
    func aSymbolicLinkAnywhereInTheStoresSetIsRefusedAndItsTargetKept(_ suffix: String) async throws {
        defer { directory.remove() }
        let path = directory.store()
        let target = directory.store("target.txt")
        let content = Data("a file the store must not touch\n".utf8)
        try content.write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path + suffix, withDestinationPath: target)
        let targetMode = mode(target)

        #expect {
            _ = try BeaconDispatcher(storePath: path, client: client)
        } throws: { error in
            guard let error = error as? BeaconStoreError else { return false }
            return error.code == .symbolicLink && error.message.contains(path + suffix)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == content)
        #expect(mode(target) == targetMode)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + suffix) == target)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(!left.contains { $0.contains("corrupt") }, "nothing moved aside: \(left)")
    }

    @Test(arguments: ["", "-wal", ".lock"])
    func aDanglingSymbolicLinkIsRefusedAndItsTargetNotCreated(_ suffix: String) async throws {
        defer { directory.remove() }
        let path = directory.store()
        let target = directory.store("made-through-a-link")
        try FileManager.default.createSymbolicLink(atPath: path + suffix, withDestinationPath: target)
        #expect {
            _ = try BeaconDispatcher(storePath: path, client: client)
        } throws: { ($0 as? BeaconStoreError)?.code == .symbolicLink }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
