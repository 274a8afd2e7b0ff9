import VAST

/// The CLI's JSON documents are the library's ordered JSON value (members in the order docs/cli.md
/// documents them, the same text on every run).
typealias JSON = OrderedJSON
