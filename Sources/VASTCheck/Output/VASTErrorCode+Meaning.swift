import VAST

extension VASTErrorCode {
    /// The IAB table's words for the code (VAST 4.3 section 2.3.6.3), for people reading a verdict;
    /// `nil` for a code the table does not have.
    var meaning: String? {
        switch rawValue {
        case 100: "XML parsing error"
        case 101: "schema validation error"
        case 102: "response version not supported"
        case 200: "trafficking error: ad type not expected or not playable"
        case 201: "linearity not as expected"
        case 202: "duration not as expected"
        case 203: "size not as expected"
        case 204: "ad category required but missing"
        case 205: "InLine Category blocked by a Wrapper's BlockedAdCategories"
        case 206: "ad break shortened, ad not served"
        case 300: "general Wrapper error"
        case 301: "Wrapper VASTAdTagURI timed out or unavailable"
        case 302: "Wrapper limit reached"
        case 303: "no ads after one or more Wrappers"
        case 304: "ad unit did not display within the time limit"
        case 400: "general Linear error"
        case 401: "media file not found"
        case 402: "media file URI timed out"
        case 403: "no supported MediaFile"
        case 405: "problem displaying the MediaFile"
        case 406: "Mezzanine required but missing"
        case 407: "Mezzanine being downloaded for the first time"
        case 408: "conditional ad rejected"
        case 409: "InteractiveCreativeFile not executed"
        case 410: "Verification not executed"
        case 411: "Mezzanine did not meet the spec"
        case 500: "general NonLinear error"
        case 501: "NonLinear does not fit"
        case 502: "NonLinear resource not fetched"
        case 503: "no supported NonLinear resource"
        case 600: "general Companion error"
        case 601: "Companion does not fit"
        case 602: "required Companion not shown"
        case 603: "Companion resource not fetched"
        case 604: "no supported Companion resource"
        case 900: "undefined error"
        case 901: "general VPAID error"
        case 902: "general InteractiveCreativeFile error"
        default: nil
        }
    }

    /// `error 301 (Wrapper VASTAdTagURI timed out or unavailable)`.
    var named: String { "error \(rawValue)" + (meaning.map { " (\($0))" } ?? "") }
}
