import Foundation
import Testing

/// `Tools/check-imports`: every target of the package imports only modules its Package.swift entry
/// declares, and the check finds an undeclared import when there is one.
@Suite struct PackageImportsTests {
    private func checkImports(_ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.path("Tools/check-imports"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func everyTargetDeclaresWhatItImports() throws {
        let checked = try checkImports()
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.hasPrefix("imports: "))
    }

    @Test func anUndeclaredImportIsReportedWithItsFileAndLine() throws {
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
        let checked = try checkImports(["--package", root.path, "--dump", dumpFile.path])
        #expect(checked.status == 1)
        #expect(
            checked.output
                == "Sources/Tool/main.swift:3: Tool imports Extra, which Package.swift does not declare for Tool\n")
    }
}
