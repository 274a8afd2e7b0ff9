import Foundation
import Testing

@testable import VASTCheck

/// The private folder `getad` keeps its beacon store in, the sweep of what dead processes left, and
/// the atomic page writes of `report`.
@Suite(.serialized) final class TemporaryFolderTests: Sendable {
    let base: String

    init() throws {
        base =
            FileManager.default.temporaryDirectory.appendingPathComponent("vastcheck-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    private func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test func theFolderIsPrivateAndItsFilesToo() throws {
        let folder = try TemporaryFolder(purpose: "getad", in: base)
        #expect(folder.path.hasPrefix(base + "/vastcheck-getad-\(getpid())-"))
        #expect(mode(folder.path) == 0o700)
        let store = try folder.file("beacons.sqlite")
        #expect(mode(store) == 0o600)
        #expect(mode(folder.path + "/.lock") == 0o600)
        #expect(entries(folder.path) == [".lock", "beacons.sqlite"])
        folder.remove()
        #expect(entries(base).isEmpty)
    }

    @Test func signalHandlersAreInstalledOnlyWhileSomethingIsRegistered() throws {
        let first = try TemporaryFolder(purpose: "getad", in: base)
        let second = try TemporaryFolder(purpose: "getad", in: base)
        #expect(TemporaryFiles.isRegistered(first.path) && TemporaryFiles.isRegistered(second.path))
        #expect(TemporaryFiles.handlersInstalled)
        first.remove()
        #expect(!TemporaryFiles.isRegistered(first.path))
        #expect(TemporaryFiles.handlersInstalled, "the second folder still needs them")
        second.remove()
        #expect(!TemporaryFiles.isRegistered(second.path))
        // Other tests of this process may hold folders of their own: the handlers stay exactly while any does.
        #expect(TemporaryFiles.handlersInstalled == TemporaryFiles.hasRegisteredPaths)
        #expect(entries(base).isEmpty)
    }

    @Test func aFolderIsRemovedWhenItsOwnerGoesAway() throws {
        var path = ""
        do {
            let folder = try TemporaryFolder(purpose: "getad", in: base)
            path = folder.path
            _ = try folder.file("beacons.sqlite")
        }
        #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path))
    }

    /// A folder as a process of ours leaves it: locked by `lockedBy` when given, else unlocked (dead).
    private func leftover(_ name: String, lock: Bool, lockedBy descriptor: UnsafeMutablePointer<Int32>? = nil) throws
        -> String
    {
        let path = base + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data().write(to: URL(fileURLWithPath: path + "/beacons.sqlite"))
        if lock {
            let fd = open(path + "/.lock", O_CREAT | O_RDWR, 0o600)
            if let descriptor {
                #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
                descriptor.pointee = fd
            } else {
                close(fd)
            }
        }
        return path
    }

    @Test func aSweepRemovesWhatDeadProcessesLeftAndNothingElse() throws {
        var held: Int32 = -1
        let dead = try leftover("vastcheck-getad-999999-dead", lock: true)
        let alive = try leftover("vastcheck-getad-1-alive", lock: true, lockedBy: &held)
        defer { close(held) }
        let young = try leftover("vastcheck-getad-2-young", lock: false)
        let old = try leftover("vastcheck-getad-3-old", lock: false)
        var twoHoursAgo = [
            timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0),
        ]
        #expect(utimes(old, &twoHoursAgo) == 0)
        let foreign = try leftover("somebody-else", lock: true)
        let target = try leftover("target", lock: true)
        #expect(symlink(target, base + "/vastcheck-getad-4-link") == 0)

        TemporaryFolder.sweep(in: base)

        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: alive), "its lock is held: its process lives")
        #expect(FileManager.default.fileExists(atPath: young), "it may be a process between mkdir and its lock")
        #expect(
            FileManager.default.fileExists(atPath: foreign)
                && FileManager.default.fileExists(atPath: target + "/beacons.sqlite"))
        #expect(
            entries(base) == [
                "somebody-else", "target", "vastcheck-getad-1-alive", "vastcheck-getad-2-young",
                "vastcheck-getad-4-link",
            ])
    }

    @Test func aNewFolderSweepsFirst() throws {
        let dead = try leftover("vastcheck-getad-999999-dead", lock: true)
        let folder = try TemporaryFolder(purpose: "getad", in: base)
        defer { folder.remove() }
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(entries(base) == [URL(fileURLWithPath: folder.path).lastPathComponent])
    }

    @Test func aPageIsWrittenWholeWithTheModeAFileWouldGetAndNoTemporaryFileLeft() throws {
        let page = base + "/report.html"
        try AtomicFile.write(Array("<html>1</html>".utf8), to: page)
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<html>1</html>")
        let umask = (try String(contentsOfFile: "/proc/self/status", encoding: .utf8)).split(separator: "\n")
            .first { $0.hasPrefix("Umask:") }.flatMap {
                mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
            }
        #expect(mode(page) == 0o666 & ~(umask ?? 0o022))
        #expect(chmod(page, 0o640) == 0)
        try AtomicFile.write(Array("<html>2</html>".utf8), to: page)
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<html>2</html>")
        #expect(mode(page) == 0o640, "an existing page keeps its mode")
        #expect(entries(base) == ["report.html"])
        #expect(throws: TemporaryFileError.self) {
            try AtomicFile.write([1], to: self.base + "/no/such/folder/page.html")
        }
    }
}
