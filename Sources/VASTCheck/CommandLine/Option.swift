/// One command-line option, declared once: its spellings, the value it takes, and its help.
///
/// Commands list the options they accept (``Command/options``); the parser (``Arguments``), the
/// usage line and the OPTIONS section of `--help` are all made from that list, so an option cannot
/// be accepted without being documented, nor documented with another spelling.
struct Option: Sendable, Hashable {
    /// The long name, with its dashes: `--jobs`.
    let name: String
    /// The one-letter name, when it has one: `j` for `-j`.
    let short: Character?
    /// What the value is called in help (`N`, `FILE`); `nil` for a flag, which takes no value.
    let value: String?
    /// What it does, for `--help` (wrapped there).
    let help: String
    /// Other long spellings that mean the same (`--html` for report's `--output`).
    let aliases: [String]
    /// True when it may be given more than once and every value counts (`--macro`).
    let repeatable: Bool

    init(
        _ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, aliases: [String] = [],
        help: String
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.aliases = aliases
        self.repeatable = repeatable
    }

    /// Every spelling the parser accepts: the long name, the aliases, and `-x` for the short one.
    var spellings: [String] { [name] + aliases + (short.map { ["-\($0)"] } ?? []) }

    /// True when `spelled` is one of ``spellings`` (asked without making the list).
    func isSpelled(_ spelled: String) -> Bool {
        name == spelled || aliases.contains(spelled) || short.map { spelled == "-\($0)" } == true
    }

    /// `-j, --jobs N` as the OPTIONS section writes it (aliases are named in ``fullHelp``).
    var label: String {
        let spelled = short.map { "-\($0), \(name)" } ?? name
        return value.map { "\(spelled) \($0)" } ?? spelled
    }

    /// The help, then the other spellings: `... (also --html)`.
    var fullHelp: String {
        aliases.isEmpty ? help : help + " Also spelled " + aliases.joined(separator: ", ") + "."
    }

    /// `[--jobs N]` or `[--macro NAME=VALUE]...` as the usage line writes it.
    var synopsis: String {
        let inner = value.map { "\(name) \($0)" } ?? name
        return "[\(inner)]" + (repeatable ? "..." : "")
    }

    /// The same option also spelled `alias` (an older spelling that keeps working).
    func aliased(_ alias: String) -> Option {
        Option(name, short: short, value: value, repeatable: repeatable, aliases: aliases + [alias], help: help)
    }
}
