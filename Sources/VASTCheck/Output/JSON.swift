import VAST

/// The CLI's JSON documents are the library's ordered JSON value (members in the order the README
/// documents them, the same text on every run).
typealias JSON = OrderedJSON
