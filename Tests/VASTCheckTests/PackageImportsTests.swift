import Foundation
import TestSupport
import Testing

/// `Tools/check-imports`: every target of the package imports only modules its Package.swift entry
/// declares, the README's module table matches the package, and the check finds each mismatch.
@Suite struct PackageImportsTests {
    private func checkImports(_ arguments: [String] = []) async throws -> (status: Int32, output: String) {
        let run = try await ProgramRun.run(Repository.path("Tools/check-imports"), arguments, mergingErrors: true)
        return (run.status, run.text)
    }

    @Test func everyTargetDeclaresWhatItImports() async throws {
        let checked = try await checkImports()
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.hasPrefix("imports: "))
    }

    @Test func anUndeclaredImportIsReportedWithItsFileAndLine() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources/Tool")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data("import Foundation\n@testable internal import Core\nimport struct Extra.Thing\n".utf8)
            .write(to: sources.appendingPathComponent("main.swift"))
        let dump = """
            {"targets": [
              {"name": "Core", "type": "regular", "dependencies": []},
              {"name": "Extra", "type": "regular", "dependencies": []},
              {"name": "Tool", "type": "executable", "dependencies": [{"byName": ["Core", null]}]}
            ]}
            """
        let dumpFile = root.appendingPathComponent("dump.json")
        try Data(dump.utf8).write(to: dumpFile)
        let checked = try await checkImports(["--package", root.path, "--dump", dumpFile.path])
        #expect(checked.status == 1)
        #expect(
            checked.output
                == "Sources/Tool/main.swift:3: Tool imports Extra, which Package.swift does not declare for Tool\n")
    }

    @Test func theReadmesModuleTableMustNameExactlyTheModulesUnderSources() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/Core"), withIntermediateDirectories: true)
        let readme = """
            # P

            ## Layout

            | module | what it holds |
            |---|---|
            | `Core` | the core |
            | `Ghost` | a module that was removed |
            | `Tools/` | scripts |

            ## Next
            | `NotInTheTable` | a row of another section |
            """
        try Data(readme.utf8).write(to: root.appendingPathComponent("README.md"))
        let dump = """
            {"targets": [
              {"name": "Core", "type": "regular", "dependencies": []},
              {"name": "Tool", "type": "executable", "dependencies": []},
              {"name": "CoreTests", "type": "test", "dependencies": []}
            ]}
            """
        let dumpFile = root.appendingPathComponent("dump.json")
        try Data(dump.utf8).write(to: dumpFile)
        let checked = try await checkImports(["--package", root.path, "--dump", dumpFile.path])
        #expect(checked.status == 1)
        #expect(
            checked.output == """
                README.md: the Layout table has no row for Tool, a module in Package.swift
                README.md: the Layout table lists Ghost, which is not a module under Sources/

                """)
    }
}
