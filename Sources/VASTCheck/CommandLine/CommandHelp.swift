/// A subcommand's `--help`: the usage line and the OPTIONS section are made from its declared
/// ``Option``s; the rest (what it does, its arguments, notes, examples, exit codes) is its own text.
struct CommandHelp: Sendable {
    /// The positional part of the usage line: `SOURCE...`.
    let positional: String
    /// What the command does: paragraphs, each line indented by nothing.
    let summary: String
    /// The ARGUMENTS section's body (indented lines), when the command takes any.
    var arguments: String?
    /// Text after the options (indented by nothing), when there is more to say.
    var notes: String?
    /// One command line per example.
    let examples: [String]
    /// The EXIT CODES line's text.
    let exitCodes: String

    /// The width help is wrapped to.
    static let width = 100

    /// The whole help of `vastcheck NAME` taking `options`.
    func render(command name: String, options: [Option]) -> String {
        var text = Self.usage(command: name, options: options, positional: positional, prefix: "USAGE: ") + "\n\n"
        text += summary + "\n\n"
        if let arguments { text += "ARGUMENTS:\n" + arguments + "\n\n" }
        text += "OPTIONS:\n" + Self.optionLines(options) + "\n"
        if let notes { text += notes + "\n\n" }
        text += "EXAMPLES:\n" + examples.map { "  " + $0 + "\n" }.joined() + "\n"
        text += Self.wrap("EXIT CODES: " + exitCodes, indent: "") + "\n"
        return text
    }

    /// `USAGE: vastcheck validate [--json] ... SOURCE...`, wrapped under the first option.
    static func usage(command name: String, options: [Option], positional: String, prefix: String) -> String {
        let head = "\(prefix)vastcheck \(name) "
        let items = options.filter { $0 != .help }.map(\.synopsis) + (positional.isEmpty ? [] : [positional])
        return head + wrap(items, indent: String(repeating: " ", count: head.count), firstLineUsed: head.count)
    }

    /// The column option help starts in, the same in every command so that a shared option reads the
    /// same, line for line, wherever it is listed.
    static let optionColumn = 24

    /// The OPTIONS section: `  -j, --jobs N        Sources checked at once...`, help wrapped in a column.
    static func optionLines(_ options: [Option]) -> String {
        let column = optionColumn
        var text = ""
        for option in options {
            let label = "  " + option.label
            let indent = String(repeating: " ", count: column)
            if label.count + 1 < column {
                text += label + String(repeating: " ", count: column - label.count)
                text += wrap(option.fullHelp, indent: indent, firstLineUsed: column) + "\n"
            } else {
                text += label + "\n" + indent + wrap(option.fullHelp, indent: indent, firstLineUsed: column) + "\n"
            }
        }
        return text
    }

    /// `text` broken at spaces so that no line passes ``width``; lines after the first start with `indent`.
    static func wrap(_ text: String, indent: String, firstLineUsed: Int = 0) -> String {
        wrap(
            text.split(separator: " ", omittingEmptySubsequences: true).map(String.init), indent: indent,
            firstLineUsed: firstLineUsed)
    }

    /// `words` (each kept whole: `[--output FILE]`) joined with spaces and broken between them.
    static func wrap(_ words: [String], indent: String, firstLineUsed: Int = 0) -> String {
        var lines: [String] = []
        var line = ""
        var used = firstLineUsed
        for word in words {
            if !line.isEmpty, used + 1 + word.count > width {
                lines.append(line)
                line = ""
                used = indent.count
            }
            if !line.isEmpty {
                line += " "
                used += 1
            }
            line += word
            used += word.count
        }
        lines.append(line)
        return lines.joined(separator: "\n" + indent)
    }
}
