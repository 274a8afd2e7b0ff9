import Foundation
import VAST

/// Macro expansion with hostile values and templates.
///
/// Input: byte 0 picks where the URI is used (``usages``), byte 1 the `[ERRORCODE]`, then parts
/// separated by ``FuzzInput/separator``: a template, then values. Values go to the string macros in
/// turn, and (split at commas) to the list macros. Checked for every macro that got a value: `x[NAME]y`,
/// `x%5BNAME%5Dy` (either hex case) and `x%%NAME%%y` expand to exactly `x`, the value percent-encoded per
/// RFC 3986 by an encoder of this harness's own, and `y`, so a value holding `[CACHEBUSTING]` is written,
/// never expanded. Then the template expands within the size bound, deterministically, unchanged when it
/// has no delimiter, and `[ERRORCODE]`, `[REASON]` and `[CLICKPOS]` stay as written, in every spelling,
/// where the usage does not allow them. Last, the template and its expansion are redacted with every
/// value private.
enum MacrosTarget {
    static let usages: [VASTMacroUsage] = [
        .vastAdTagURI, .impression, .error, .tracking(.start), .tracking(.verificationNotExecuted),
        .verificationNotExecuted, .clickTracking, .clickThrough, .other,
    ]

    static var strings: [(VASTMacro, WritableKeyPath<VASTMacroContext, String?>)] {
        [
            (.transactionID, \.transactionID), (.universalAdID, \.universalAdID), (.ifa, \.ifa), (.ifaType, \.ifaType),
            (.clientUA, \.clientUA), (.serverUA, \.serverUA), (.deviceUA, \.deviceUA), (.deviceIP, \.deviceIP),
            (.domain, \.domain), (.pageURL, \.pageURL), (.appBundle, \.appBundle), (.omidPartner, \.omidPartner),
            (.assetURI, \.assetURI), (.contentID, \.contentID), (.contentURI, \.contentURI),
            (.adServingID, \.adServingID), (.gdprConsent, \.gdprConsent), (.storeID, \.storeID),
            (.storeURL, \.storeURL), (.gppString, \.gppString), (.dsaParams, \.dsaParams),
        ]
    }

    static var lists: [(VASTMacro, WritableKeyPath<VASTMacroContext, [String]?>)] {
        [
            (.blockedAdCategories, \.blockedAdCategories), (.adCategories, \.adCategories), (.extensions, \.extensions),
            (.verificationVendors, \.verificationVendors), (.mediaMIME, \.mediaMIME),
            (.playerCapabilities, \.playerCapabilities), (.playerState, \.playerState),
            (.inventoryState, \.inventoryState), (.regulations, \.regulations),
            (.contentCategories, \.contentCategories),
        ]
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let usage = usages[Int(input.byte()) % usages.count]
        let errorCode = VASTErrorCode(rawValue: Int(input.byte()) * 4)
        let parts = input.parts(limit: 8)
        let template = String(decoding: parts[0], as: UTF8.self)
        let values = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }

        var context = VASTMacroContext(
            now: { Date(timeIntervalSince1970: 1_700_000_000) }, timeZone: .gmt, random: { 0xDEAD_BEEF })
        context.errorCode = errorCode
        var expected: [(VASTMacro, String)] = []
        if !values.isEmpty {
            for (index, (macro, path)) in strings.enumerated() {
                let value = values[index % values.count]
                context[keyPath: path] = value
                expected.append((macro, encode(value)))
            }
            for (index, (macro, path)) in lists.enumerated() {
                let items = values[index % values.count].split(separator: ",", omittingEmptySubsequences: false).map(
                    String.init)
                context[keyPath: path] = items
                expected.append((macro, items.map(encode).joined(separator: ",")))
            }
        }
        for (macro, value) in expected {
            for form in spellings(of: macro) {
                let result = VASTMacroExpander.expand("x\(form)y", context: context, usage: usage)
                Invariant.check(result.url == "x\(value)y", "\(form) expanded to \(result.url), not x\(value)y")
                Invariant.check(result.replacements == 1, "\(form) counted \(result.replacements) replacements")
            }
        }
        for restricted in [VASTMacro.errorCode, .reason, .clickPosition] where !usage.allows(restricted) {
            for form in spellings(of: restricted) {
                let literal = "x\(form)y"
                let result = VASTMacroExpander.expand(literal, context: context, usage: usage)
                Invariant.check(result.url == literal, "\(form) expanded in a \(usage) URI: \(result.url)")
            }
        }

        let result = VASTMacroExpander.expand(template, context: context, usage: usage)
        Invariant.check(
            result.url.utf8.count <= template.utf8.count + VASTMacroExpander.maximumExpandedBytes,
            "expansion grew past its bound")
        let again = VASTMacroExpander.expand(template, context: context, usage: usage)
        Invariant.check(again == result, "two expansions of one template differ")
        if !template.contains("["), !template.contains("%%"),
            template.range(of: "%5B", options: .caseInsensitive) == nil
        {
            Invariant.check(result.url == template && result.replacements == 0, "a template without macros changed")
        }
        Invariant.sink(result.findings.reduce(0) { $0 &+ $1.description.utf8.count })
        // The redactor reads every escape of a hostile text (the template, and what it expanded to),
        // with every value private: it must end, and keep what it does not replace.
        let redactor = VASTMacroRedactor(context: context, privateMacros: Set(VASTMacro.all))
        for text in [template, result.url] {
            let redacted = redactor.redact(text)
            Invariant.check(!redacted.isEmpty || text.isEmpty, "redaction emptied a text")
            Invariant.sink(redacted.utf8.count)
        }
    }

    /// The spellings the expander reads a macro in.
    static func spellings(of macro: VASTMacro) -> [String] {
        let name = macro.rawValue
        return ["[\(name)]", "%%\(name)%%", "%5B\(name)%5D", "%5b\(name)%5d"]
    }

    /// RFC 3986 percent-encoding of UTF-8 bytes: unreserved characters kept, every other byte `%XX`.
    static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return out
    }
}
