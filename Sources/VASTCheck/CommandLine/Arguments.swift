/// A small command-line reader: flags, options with values, and positional arguments.
///
/// Accepts `--name value` and `--name=value`; `--` ends options; a lone `-` is positional
/// (standard input). Unknown options are usage errors naming the option.
struct Arguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positional: [String] = []

    /// Parses `arguments` given the flags (no value) and options (one value) a command knows.
    init(_ arguments: [String], flags known: Set<String>, options: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if known.contains(name) {
                guard inline == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value")
                }
            } else {
                throw UsageError("unknown option \(name)")
            }
        }
    }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// A whole-number option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return number
    }
}

/// A command line that cannot be run; exits 64 with the message and a pointer to `--help`.
struct UsageError: Error {
    let message: String

    init(_ message: String) { self.message = message }
}
