import AdResolution

/// `--strict`, `--disable RULE`, `--severity RULE=LEVEL` and `--config FILE`, for the commands that
/// judge findings (`validate`, `report`).
struct RuleOptions: Sendable {
    /// What the flags say.
    let flags: RuleTuning
    /// `--config FILE`, when given.
    let configPath: String?

    init(_ arguments: Arguments) throws(UsageError) {
        var flags = RuleTuning()
        flags.strict = arguments.flags.contains(Option.strict.name)
        do throws(RuleTuningError) {
            for id in arguments.values[Option.disable.name] ?? [] { try flags.set(id, .disabled) }
            for text in arguments.values[Option.severity.name] ?? [] {
                let (id, level) = try RuleTuning.severityAssignment(text)
                try flags.set(id, .severity(level))
            }
        } catch {
            throw UsageError(error.message, hint: error.hint)
        }
        self.flags = flags
        configPath = arguments.value(Option.config.name)
        if let configPath, configPath.isEmpty { throw UsageError("--config needs a file name") }
    }

    /// The rule settings in force: the file's (`--config`, else the nearest `.vastcheck.json`), with
    /// the flags over them.
    /// - Returns: the tuning, or what to print when the file cannot be used (`cannot read FILE: ...`).
    func tuning(console: Console) -> Result<RuleTuning, RuleSettingsError> {
        guard let path = configPath ?? RuleSettingsFile.find(from: console.workingDirectory) else {
            return .success(flags)
        }
        do {
            let bytes = try console.loader(maxDocumentBytes: 1 << 20).data(named: path)
            return .success(try RuleSettingsFile.tuning(from: bytes).overridden(by: flags))
        } catch let error as RuleSettingsError {
            return .failure(RuleSettingsError("cannot use \(FileName.shown(path)): \(error.message)"))
        } catch {
            return .failure(RuleSettingsError("cannot read \(error)"))
        }
    }

    /// The rule tuning, or `nil` after telling `console` why the settings cannot be used (the caller
    /// then exits with ``ExitCode/unreadable``).
    func tuningOrComplain(console: Console) -> RuleTuning? {
        switch tuning(console: console) {
        case .success(let tuning): return tuning
        case .failure(let error):
            console.err("vastcheck: \(error.message)\n")
            return nil
        }
    }
}
