/// Why a payload is not a JSON text the host accepts, and where: the sentence of an `invalid-json` error.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    enum Reason: Sendable, Equatable {
        case byteOrderMark
        case endOfText
        case textAfterValue
        case unexpectedCharacter
        case missingValue
        case expectedName
        case expectedColon
        case expectedCommaOrEnd
        case trailingComma
        case controlCharacterInString
        case unterminatedString
        case invalidEscape
        case loneSurrogate
        case invalidNumber
        case leadingZero
        case numberOutOfRange
        case tooDeep
        /// Bytes in a string that are not UTF-8 (a frame's reader reports the frame as not UTF-8).
        case notUTF8
    }

    /// What is wrong.
    var reason: Reason
    /// The byte of the payload (from 0) where the parser found it.
    var offset: Int

    var description: String {
        let what =
            switch self.reason {
            case .byteOrderMark: "a byte-order mark before the text (F-3 forbids it)"
            case .endOfText: "the text ends before the value is complete"
            case .textAfterValue: "something after the value"
            case .unexpectedCharacter: "a character that cannot start or continue a value"
            case .missingValue: "a value is missing"
            case .expectedName: "a member name (a string) is expected"
            case .expectedColon: "a colon is expected after a member name"
            case .expectedCommaOrEnd: "a comma or the end of the object or array is expected"
            case .trailingComma: "a comma before the end of an object or array"
            case .controlCharacterInString: "a raw control character in a string (write it as an escape, e.g. \\t)"
            case .unterminatedString: "a string without its closing quote"
            case .invalidEscape: "an escape that JSON does not have"
            case .loneSurrogate: "a \\u escape of a lone surrogate (not Unicode text)"
            case .invalidNumber: "a malformed number"
            case .leadingZero: "a number with a leading zero"
            case .numberOutOfRange: "a number beyond the range of a 64-bit floating-point number"
            case .tooDeep: "arrays and objects nested more than \(JSONParser.maxNesting) deep"
            case .notUTF8: "bytes in a string that are not UTF-8"
            }
        return "\(what), at byte \(self.offset)"
    }
}
