extension Arguments {
    /// The formats asked for with `--json` and `--format FORMAT` (both may be given when they agree).
    /// - Parameter allowed: the formats the command writes.
    func formats(_ allowed: [OutputFormat]) throws(UsageError) -> [OutputFormat] {
        var formats: [OutputFormat] = []
        if flags.contains(Option.json.name) { formats.append(.json) }
        if let text = value(Option.format(allowed).name) {
            guard let named = OutputFormat(rawValue: text), allowed.contains(named) else {
                throw UsageError(
                    "--format takes one of \(allowed.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
            }
            formats.append(named)
        }
        return formats
    }

    /// The one format asked for (`human` when none was).
    func format(_ allowed: [OutputFormat]) throws(UsageError) -> OutputFormat {
        let asked = try formats(allowed)
        guard Set(asked).count <= 1 else {
            throw UsageError(
                "choose one output format: \(asked.map(\.rawValue).joined(separator: " and ")) were both asked for")
        }
        return asked.first ?? .human
    }

    /// `--output FILE`: `nil` when absent or `-` (standard output).
    func outputPath() throws(UsageError) -> String? {
        guard let path = value(Option.output.name) else { return nil }
        guard !path.isEmpty else { throw UsageError("--output needs a file name (or - for standard output)") }
        return path == "-" ? nil : path
    }
}
