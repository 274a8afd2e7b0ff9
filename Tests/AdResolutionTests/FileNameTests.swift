import AdResolution
import Foundation
import TestSupport
import Testing

/// `FileName`: a name's bytes survive the trip through a `String` whatever they are, and show as `\xHH`.
struct FileNameTests {
    @Test func everyByteStringComesBackTheSame() {
        var random = SplitMix64(seed: 25)
        for length in 0..<64 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                #expect(FileName.bytes(of: FileName.string(bytes)) == bytes, "\(bytes)")
            }
        }
    }

    @Test func theCurrentDirectoryIsTheOneFoundationReports() {
        #expect(FileName.currentDirectory == FileManager.default.currentDirectoryPath)
        #expect(FileName.currentDirectory.hasPrefix("/"))
    }

    @Test func aUTF8NameIsTheSameStringAndShownAsItIs() {
        for name in ["tag.xml", "café/été.xml", "emoji 🎬.xml", "tag\u{1B}[2J.xml", #"back\xff.xml"#] {
            #expect(FileName.string(Array(name.utf8)) == name)
            #expect(FileName.bytes(of: name) == Array(name.utf8))
            #expect(FileName.shown(name) == name)
        }
    }

    @Test func bytesThatAreNotUTF8AreShownAsHexEscapes() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".xml".utf8)
        #expect(FileName.shown(FileName.string(latin1)) == #"caf\xe9.xml"#)
        // A lead byte without its continuation, an overlong "/", a surrogate, and a lone continuation byte.
        let broken: [UInt8] = [0xC3, 0x28, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x80]
        #expect(FileName.shown(FileName.string(broken)) == #"\xc3(\xc0\xaf\xed\xa0\x80\x80"#)
        // A name that is UTF-8 but holds one of the carrier scalars keeps its four bytes, shown one by one.
        let carrier = Array("a\u{10FFE9}b".utf8)
        #expect(FileName.bytes(of: FileName.string(carrier)) == carrier)
        #expect(FileName.shown(FileName.string(carrier)) == #"a\xf4\x8f\xbf\xa9b"#)
    }

    @Test func aPercentEncodedPathDecodesToItsBytes() {
        #expect(
            FileName.percentDecoded("/tmp/caf%E9.xml").map(FileName.bytes(of:)) == Array("/tmp/caf".utf8) + [0xE9]
                + Array(".xml".utf8))
        #expect(FileName.percentDecoded("/tmp/%C3%A9t%C3%A9.xml") == "/tmp/été.xml")
        #expect(FileName.percentDecoded("/tmp/50%") == nil)
        #expect(FileName.percentDecoded("/tmp/%zz") == nil)
        #expect(FileName.percentDecoded("/tmp/a%00b") == nil)
    }

    @Test func aCarriedNameOpensTheFileOfItsBytes() throws {
        let folder = try ScratchFolder("file-name")
        let bytes = Array(folder.url.path.utf8) + Array("/x".utf8) + [0xFF]
        let descriptor = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        var status = stat()
        #expect(FileName.withPlatformPath(FileName.string(bytes)) { stat($0, &status) } == 0)
        #expect(FileName.withPlatformPath(folder.url.path + "/x\u{FFFD}") { stat($0, &status) } == -1)
    }
}
