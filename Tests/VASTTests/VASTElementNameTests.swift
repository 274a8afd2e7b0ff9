import Testing

@testable import VAST

/// The parser's name lookup (the names by length, compared as bytes) against the names themselves:
/// every element is found by its own name, from a `String` and from the NUL-terminated bytes libxml2
/// hands over, and nothing else is found: not a prefix, a longer name, another letter case, an
/// empty name or one longer than any.
@Suite struct VASTElementNameTests {
    @Test func everyNameFindsItsElementAndNoOther() {
        for element in VASTElement.allCases {
            #expect(VASTElement.named(element.name) == element)
            element.name.withCString { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: element.name.utf8.count + 1) {
                    #expect(VASTElement.named($0) == element)
                }
            }
            #expect(VASTElement.named(String(element.name.dropLast())).map { $0 != element } ?? true)
            #expect(VASTElement.named(element.name + "s").map { $0 != element } ?? true)
            #expect(VASTElement.named(element.name.lowercased()) == nil || element.name == element.name.lowercased())
        }
        #expect(VASTElement.named("") == nil)
        #expect(VASTElement.named(String(repeating: "A", count: 200)) == nil)
        #expect(VASTElement.named("Creative\u{0}s") == nil)
    }

    @Test func namesAreUniqueSoTheScanFindsOne() {
        let names = VASTElement.allCases.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
