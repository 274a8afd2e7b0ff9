/// A small command-line reader over a command's declared ``Option``s: flags, options with values,
/// and positional arguments.
///
/// Accepts `--name value`, `--name=value`, `-x value` and `-x=value` (every spelling of an option is
/// stored under its long name); `--` ends options; a lone `-` is positional (standard input). An
/// undeclared option is a usage error naming it, with the nearest declared one as a hint.
struct Arguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positional: [String] = []

    /// Parses `arguments` given the options a command declares.
    init(_ arguments: [String], options: [Option]) throws(UsageError) {
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
            var spelled = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                spelled = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = Self.option(spelled, in: options) else {
                throw UsageError(
                    "unknown option \(spelled)", hint: Self.nearest(spelled, in: options.lazy.flatMap(\.spellings)))
            }
            guard option.value != nil else {
                guard inline == nil else { throw UsageError("\(spelled) takes no value") }
                flags.insert(option.name)
                continue
            }
            if let inline {
                values[option.name, default: []].append(inline)
            } else if index < arguments.count {
                values[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError("\(spelled) needs a value (\(option.value ?? ""))")
            }
        }
    }

    /// The last value given for an option (by its long name).
    func value(_ name: String) -> String? { values[name]?.last }

    /// A whole-number option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return number
    }

    /// The value of `name` as a number of seconds within `range`, to the millisecond; `nil` when absent.
    func seconds(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Duration? {
        guard let text = value(name) else { return nil }
        guard let seconds = Double(text), range.contains(seconds) else {
            throw UsageError(
                "\(name) takes a number of seconds from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// The option `spelled` is a spelling of (the last one declared, should two share it). A scan of
    /// a few dozen options per option given: a table of every spelling, made before reading any
    /// argument, cost more than the whole of a one-document `validate`'s arguments.
    private static func option(_ spelled: String, in options: [Option]) -> Option? {
        options.last { $0.isSpelled(spelled) }
    }

    /// The declared spelling closest to a mistyped one, when one is close enough to be what was meant.
    private static func nearest(_ spelled: String, in known: some Sequence<String>) -> String? {
        let candidates = known.filter { $0.hasPrefix("--") }
            .map { ($0, editDistance(Array(spelled.utf8.prefix(64)), Array($0.utf8))) }
            .filter { $0.1 <= max(1, $0.0.count / 4) }
        guard let best = candidates.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        return "did you mean \(best.0)?"
    }

    /// Edit distance with swapped neighbours counted as one edit (`--jbos` is one from `--jobs`), on
    /// bytes (option names are ASCII; the typed one is cut to 64 bytes).
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
