import Foundation
import Testing
import VAST

/// `OrderedJSON`, the ordered JSON value the model encoder and the CLI write: member order, escaping
/// (checked by Foundation's own JSON reader, not by our writer) and the two layouts.
@Suite struct ModelJSONValueTests {
    @Test func membersKeepTheOrderTheyWereGivenIn() {
        let value = OrderedJSON.object([("z", .int(1)), ("a", .bool(false)), ("m", .null)])
        #expect(value.serialized() == #"{"z":1,"a":false,"m":null}"#)
    }

    @Test func objectsWithTheSameMembersInAnotherOrderAreDifferent() {
        let one = OrderedJSON.object([("a", .int(1)), ("b", .int(2))])
        let other = OrderedJSON.object([("b", .int(2)), ("a", .int(1))])
        #expect(one != other)
        #expect(one == .object([("a", .int(1)), ("b", .int(2))]))
        #expect(Set([one, other, one]).count == 2)
    }

    @Test func stringsAreEscapedSoThatAJSONReaderGetsThemBack() throws {
        let nasty = "quote \" backslash \\ newline \n return \r tab \t nul \u{0} bell \u{7} unit \u{1F} é 😀 \u{2028}"
        let text = OrderedJSON.object([("value", .string(nasty)), ("key \"q\"", .string(""))]).serialized()
        #expect(text.contains(#"\u0000"#) && text.contains(#"\u0007"#) && text.contains(#"\u001f"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(object["value"] == nasty)
        #expect(object["key \"q\""] == "")
    }

    @Test func prettyIndentsTwoSpacesPerLevelAndWritesEmptyContainersShort() {
        let value = OrderedJSON.object([
            ("list", .array([.int(-3), .string("x")])), ("empty", .array([])), ("none", .object([])),
        ])
        #expect(
            value.pretty() == """
                {
                  "list": [
                    -3,
                    "x"
                  ],
                  "empty": [],
                  "none": {}
                }
                """)
    }
}
