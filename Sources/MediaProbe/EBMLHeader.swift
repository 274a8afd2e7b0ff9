/// The EBML header of a Matroska or WebM file and the size its Segment declares: the DocType (`webm` or
/// `matroska`) libavformat does not export, and whether the Segment runs past the end of the file.
///
/// Bounded: it reads at most the first 4 KiB, through the probe's budgeted input; sizes are EBML variable
/// integers of at most 8 bytes, compared without overflow.
struct EBMLHeader {
    /// The DocType, when the header has one.
    var docType: String?
    /// True when the Segment declares a size beyond the file's total size (a truncated file).
    var runsPastEnd = false

    private static let ebmlID: UInt64 = 0x1A45_DFA3
    private static let docTypeID: UInt64 = 0x4282
    private static let segmentID: UInt64 = 0x1853_8067

    init(reading input: ProbeInput) {
        guard let head = input.bytes(at: 0, count: 4096) else { return }
        var reader = Reader(bytes: head)
        guard reader.id() == Self.ebmlID, let headerSize = reader.size(),
            headerSize <= UInt64(head.count - reader.offset)
        else { return }
        let headerEnd = reader.offset + Int(headerSize)
        // A child's ID and size may run past the header's end (a size of one byte holding a two-byte child):
        // the offset is compared before it is subtracted from.
        while reader.offset < headerEnd, let id = reader.id(), let size = reader.size(), reader.offset <= headerEnd,
            size <= UInt64(headerEnd - reader.offset)
        {
            if id == Self.docTypeID {
                docType = String(decoding: head[reader.offset..<reader.offset + Int(size)], as: UTF8.self)
                    .trimmingTrailingNULs()
            }
            reader.offset += Int(size)
        }
        reader.offset = headerEnd
        guard let total = input.totalSize, reader.id() == Self.segmentID, let size = reader.size() else { return }
        runsPastEnd = size > UInt64(max(0, total - reader.offset))
    }

    /// Reads EBML variable-length integers from a buffer.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        /// An element ID (marker bit kept), nil past the end or for an invalid first byte.
        mutating func id() -> UInt64? { vint(keepMarker: true).map(\.value) }

        /// An element size (marker bit cleared); nil past the end, for an invalid first byte, or for the
        /// reserved "unknown size" value (all value bits set).
        mutating func size() -> UInt64? {
            guard let (value, length) = vint(keepMarker: false) else { return nil }
            return value == (UInt64(1) << (7 * UInt64(length))) - 1 ? nil : value
        }

        private mutating func vint(keepMarker: Bool) -> (value: UInt64, length: Int)? {
            guard offset < bytes.count, bytes[offset] != 0 else { return nil }
            let length = bytes[offset].leadingZeroBitCount + 1
            guard offset + length <= bytes.count else { return nil }
            var value = UInt64(keepMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
            for index in 1..<length { value = value << 8 | UInt64(bytes[offset + index]) }
            offset += length
            return (value, length)
        }
    }
}

extension String {
    /// The string without the NUL padding EBML strings may carry.
    fileprivate func trimmingTrailingNULs() -> String {
        var result = self
        while result.hasSuffix("\0") { result.removeLast() }
        return result
    }
}
