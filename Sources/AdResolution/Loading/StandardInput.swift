/// Where the `-` source's bytes come from: the process's standard input, another descriptor, or
/// bytes in memory (a test, an app that already holds the document).
///
/// The loader asks for at most its limit plus one byte and refuses anything longer, so a reader is
/// never asked to hold an unbounded stream.
public struct StandardInput: Sendable {
    private let reader: @Sendable (_ maxBytes: Int) throws(SourceError) -> [UInt8]

    /// A reader over `read`, which must return at most `maxBytes` bytes (more is refused as too large).
    /// - Parameter read: the bytes available, up to `maxBytes`, or an error.
    public init(read: @escaping @Sendable (_ maxBytes: Int) throws(SourceError) -> [UInt8]) {
        reader = read
    }

    /// The process's standard input (descriptor 0), read with POSIX `read` on the caller's thread.
    public static var process: StandardInput { fileDescriptor(0) }

    /// An open descriptor (a pipe, a file, a socket), read until its end; the descriptor stays open.
    /// - Parameter descriptor: the descriptor to read.
    public static func fileDescriptor(_ descriptor: Int32) -> StandardInput {
        StandardInput { maxBytes throws(SourceError) in
            try BoundedRead.prefix(descriptor, name: "-", maxBytes: maxBytes)
        }
    }

    /// Bytes in memory, given as they are (the loader refuses them when over its limit).
    /// - Parameter bytes: the input.
    public static func bytes(_ bytes: [UInt8]) -> StandardInput {
        StandardInput { maxBytes in Array(bytes.prefix(max(0, maxBytes))) }
    }

    /// At most `maxBytes` bytes.
    func read(maxBytes: Int) throws(SourceError) -> [UInt8] { try reader(maxBytes) }
}
