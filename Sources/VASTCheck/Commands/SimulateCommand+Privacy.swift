import VAST

extension SimulateCommand {
    /// The `--macro` profile: its private values are hidden in the beacon timeline unless
    /// `--no-redact` is given.
    var macroValues: VASTMacroContext? { profile.context }
}
