import Protocol
import TestScheduling
import Testing

/// RFC 8259, accepted and refused exactly, through `WireCodec` as the host reads a payload (F-3, F-7).
///
/// The corpus follows the classes of Nicolas Seriot's JSONTestSuite (`test_parsing`): `y_` texts a
/// parser must accept, `n_` texts it must refuse, `i_` texts the RFC leaves to the implementation
/// (our choices: PROTOCOL.md section 4). The texts are written here, one or more for each class.
@Suite("JSON: RFC 8259 accept/reject corpus", .offThePool)
struct JSONCorpusTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { self.name }

        init(_ name: String, _ text: String) {
            self.name = name
            self.bytes = Array(text.utf8)
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    // MARK: y_: must be accepted

    static let accepted: [Sample] = [
        // y_array
        Sample("y_array_empty", "[]"), Sample("y_array_empty_string", #"[""]"#),
        Sample("y_array_spaces_inside", "[ [ ] , [ ] ]"), Sample("y_array_false", "[false]"),
        Sample("y_array_null", "[null]"), Sample("y_array_several_null", "[1,null,null,null,2]"),
        Sample("y_array_heterogeneous", #"[null, 1, "1", {}, [], true, -2.5e3]"#),
        Sample("y_array_newline_after_item", "[7\n]"), Sample("y_array_leading_space", " [1]"),
        Sample("y_array_trailing_space", "[2] "), Sample("y_array_newline_end", "[\"b\"]\n"),
        // y_number
        Sample("y_number_simple_int", "[42]"), Sample("y_number_negative_int", "[-17]"),
        Sample("y_number_zero", "[0]"), Sample("y_number_minus_zero", "[-0]"),
        Sample("y_number_negative_zero_real", "[-0.0]"), Sample("y_number_simple_real", "[3.25]"),
        Sample("y_number_zero_exp", "[0e7]"), Sample("y_number_zero_exp_plus", "[0e+2]"),
        Sample("y_number_int_with_exp", "[12e3]"), Sample("y_number_capital_e", "[4E9]"),
        Sample("y_number_capital_e_neg_exp", "[5E-3]"), Sample("y_number_capital_e_pos_exp", "[6E+1]"),
        Sample("y_number_fraction_exp", "[-1.5e-7]"), Sample("y_number_neg_exp", "[2e-1]"),
        Sample("y_number_pos_exp", "[8e+2]"),
        Sample("y_number_close_to_zero", "[-0.00000000000000000000000000000000001]"),
        Sample("y_number_after_space", "[ 9]"),
        Sample("y_number_int64_limits", "[-9223372036854775808, 9223372036854775807]"),
        Sample("y_number_beyond_int64", "[123456789012345678901234567890]"),
        Sample("y_number_double_limits", "[1.7976931348623157e308, 5e-324, -1.7976931348623157e308]"),
        // y_object
        Sample("y_object_empty", "{}"), Sample("y_object_simple", #"{"k":"v"}"#),
        Sample("y_object_basic_spaces", #"{ "a" : [ 1 ] , "b" : { } }"#),
        Sample("y_object_duplicated_key", #"{"a":1,"a":2}"#),
        Sample("y_object_duplicated_key_and_value", #"{"a":"x","a":"x"}"#),
        Sample("y_object_empty_key", #"{"":0}"#), Sample("y_object_escaped_nul_in_key", #"{"n\u0000m":1}"#),
        Sample("y_object_extreme_numbers", #"{"min":-1.0e+28,"max":1.0e+28}"#),
        Sample("y_object_long_string", "{\"long\":\"" + String(repeating: "abcdefgh", count: 1000) + "\"}"),
        Sample("y_object_unicode_string", #"{"nom":"Nguyễn Văn Ân"}"#),
        Sample("y_object_newlines_between_tokens", "{\n\"a\"\n:\n\"b\"\n}"),
        Sample("y_object_in_array", #"[{"type":"ping"}]"#),
        // y_string
        Sample("y_string_simple_ascii", #"["abc 123"]"#), Sample("y_string_space", #"" ""#),
        Sample("y_string_allowed_escapes", #"["\"\\\/\b\f\n\r\t"]"#),
        Sample("y_string_u_escape", #"["\u0041\u00e9\u4e2d"]"#),
        Sample("y_string_u_escape_capital_hex", #"["\u00E9\uABCD"]"#),
        Sample("y_string_escaped_nul", #"["\u0000"]"#), Sample("y_string_escaped_backslash_u", #"["\\u0000"]"#),
        Sample("y_string_escaped_control_character", #"["\u0012"]"#), Sample("y_string_escaped_del", #"["\u007f"]"#),
        Sample("y_string_surrogate_pair", #"["\ud83d\ude00"]"#),
        Sample("y_string_two_surrogate_pairs", #"["\uD834\uDD1E\uD83D\uDE42"]"#),
        Sample("y_string_last_surrogates", #"["\uDBFF\uDFFF"]"#),
        Sample("y_string_escaped_noncharacter", #"["\uFFFF\uFDD0\uFFFE"]"#),
        Sample("y_string_nonchar_in_utf8", "[\"\u{FFFF}\u{10FFFF}\u{1FFFE}\u{10FFFE}\"]"),
        Sample("y_string_one_two_three_four_byte_utf8", "[\"a\u{e9}\u{4e2d}\u{1F600}\"]"),
        Sample("y_string_line_and_paragraph_separators", "[\"\u{2028}\u{2029}\"]"),
        Sample("y_string_invisible_characters", "[\"\u{200B}\u{2064}\u{00A0}\"]"),
        Sample("y_string_unescaped_del", "[\"a\u{7F}b\"]"), Sample("y_string_comment_like", #"["a/*b*/c// d"]"#),
        Sample("y_string_double_escapes", #"["\\a\\n"]"#), Sample("y_string_escaped_quote_u", #"["\u0022"]"#),
        Sample("y_string_escaped_backslash_u_form", #"["\u005C"]"#),
        Sample("y_string_uescaped_newline", #"["new\u000Aline"]"#),
        // y_structure
        Sample("y_structure_lonely_true", "true"), Sample("y_structure_lonely_false", "false"),
        Sample("y_structure_lonely_null", "null"), Sample("y_structure_lonely_int", "42"),
        Sample("y_structure_lonely_negative_real", "-0.5"), Sample("y_structure_lonely_string", #""asd""#),
        Sample("y_structure_string_empty", #""""#), Sample("y_structure_trailing_newline", "[\"a\"]\n"),
        Sample("y_structure_true_in_array", "[true]"),
        Sample("y_structure_whitespace_all_four", " \t\r\n[ \t\r\n] \t\r\n"),
    ]

    @Test(
        "every y_ text parses: alone (not-an-object or missing-type at worst) and as a member's value",
        arguments: accepted)
    func accepts(_ sample: Sample) throws {
        for payload in [sample.bytes, Array(#"{"type":"ping","x":"#.utf8) + sample.bytes + Array("}".utf8)] {
            switch WireCodec.decodeClient(payload) {
            case .success(let envelope):
                #expect(envelope.message == .ping(Ping()))
            case .failure(let problem):
                #expect(payload == sample.bytes, "\(problem) inside an object")
                #expect([ErrorCode.notAnObject, .missingType].contains(problem.code), "\(problem)")
            }
        }
    }

    // MARK: n_: must be refused

    static let refused: [Sample] = [
        // n_array
        Sample("n_array_missing_comma", "[1 true]"), Sample("n_array_colon_for_comma", #"["a": 1]"#),
        Sample("n_array_comma_after_close", "[\"\"],"), Sample("n_array_comma_then_number", "[,1]"),
        Sample("n_array_double_comma", "[1,,2]"), Sample("n_array_double_trailing_comma", "[\"x\",,]"),
        Sample("n_array_extra_close", "[\"x\"]]"), Sample("n_array_trailing_comma", "[\"\",]"),
        Sample("n_array_trailing_comma_space", "[3, ]"), Sample("n_array_incomplete", "[\"x\""),
        Sample("n_array_incomplete_invalid_value", "[x"), Sample("n_array_inner_no_comma", "[3[4]]"),
        Sample("n_array_semicolon", "[1;2]"), Sample("n_array_just_comma", "[,]"), Sample("n_array_just_minus", "[-]"),
        Sample("n_array_missing_value", "[   , \"\"]"), Sample("n_array_newlines_unclosed", "[\"a\",\n4\n,1,"),
        Sample("n_array_number_and_comma", "[1,]"), Sample("n_array_number_several_commas", "[1,,]"),
        Sample("n_array_vertical_tab_formfeed", "[\u{0B}\"a\"\u{0C}]"), Sample("n_array_star", "[*]"),
        Sample("n_array_unclosed", "[\"\""), Sample("n_array_unclosed_trailing_comma", "[1,"),
        Sample("n_array_unclosed_newlines", "[1,\n1\n,1"), Sample("n_array_unclosed_object", "[{}"),
        // n_incomplete
        Sample("n_incomplete_false", "[fals]"), Sample("n_incomplete_null", "[nul]"),
        Sample("n_incomplete_true", "[tru]"),
        Sample("n_incomplete_capital_literal", "[True]"),
        // NB: ours, not the suite's: a literal wrong in its last letter only.
        Sample("n_incomplete_null_last_letter", "[nulL]"), Sample("n_incomplete_true_last_letter", "[truE]"),
        Sample("n_incomplete_false_last_letter", "[falsE]"),
        // n_multidigit
        Sample("n_multidigit_number_then_00", "123\u{0}"),
        // n_number
        Sample("n_number_plus_plus", "[++1234]"), Sample("n_number_plus", "[+1]"),
        Sample("n_number_plus_inf", "[+Inf]"),
        Sample("n_number_minus_leading_zero", "[-01]"), Sample("n_number_two_dots", "[-1.0.]"),
        Sample("n_number_dot_end", "[-2.]"), Sample("n_number_minus_nan", "[-NaN]"),
        Sample("n_number_dot_minus", "[.-1]"),
        Sample("n_number_dot_start_exp", "[.2e-3]"), Sample("n_number_two_fractions", "[0.1.2]"),
        Sample("n_number_exp_sign_only", "[0.3e+]"), Sample("n_number_exp_only", "[0.3e]"),
        Sample("n_number_dot_then_exp", "[0.e1]"), Sample("n_number_capital_exp_sign_only", "[0E+]"),
        Sample("n_number_capital_exp_only", "[0E]"), Sample("n_number_zero_exp_sign", "[0e+]"),
        Sample("n_number_zero_exp", "[0e]"),
        Sample("n_number_real_exp_plus", "[1.0e+]"), Sample("n_number_real_exp_minus", "[1.0e-]"),
        Sample("n_number_real_exp", "[1.0e]"), Sample("n_number_digit_groups", "[1 000]"),
        Sample("n_number_e_e", "[1eE2]"),
        Sample("n_number_dot_exp_plus", "[2.e+3]"), Sample("n_number_dot_exp_minus", "[2.e-3]"),
        Sample("n_number_dot_exp", "[2.e3]"),
        Sample("n_number_nine_dot_exp", "[9.e+]"), Sample("n_number_inf", "[Inf]"), Sample("n_number_nan", "[NaN]"),
        Sample("n_number_fullwidth_digit", "[\u{FF11}]"), Sample("n_number_expression", "[1+2]"),
        Sample("n_number_hex_one", "[0x1]"), Sample("n_number_hex_two", "[0x42]"),
        Sample("n_number_infinity", "[Infinity]"),
        Sample("n_number_plus_minus", "[0e+-1]"), Sample("n_number_negative_garbage_real", "[-123.123foo]"),
        Sample("n_number_minus_infinity", "[-Infinity]"), Sample("n_number_minus_garbage", "[-foo]"),
        Sample("n_number_minus_space", "[- 1]"), Sample("n_number_neg_leading_zero", "[-012]"),
        Sample("n_number_neg_no_int_part", "[-.123]"), Sample("n_number_neg_garbage_end", "[-1x]"),
        Sample("n_number_garbage_after_e", "[1ea]"), Sample("n_number_no_fraction_digits", "[1.]"),
        Sample("n_number_starts_with_dot", "[.123]"), Sample("n_number_alpha", "[1.2a-3]"),
        Sample("n_number_alpha_char", "[1.8011670033376514H-308]"),
        Sample("n_number_leading_zero", "[012]"), Sample("n_number_lone_minus", "-"),
        Sample("n_number_leading_zeros", "[00]"),
        Sample("n_number_invalid_utf8_in_int", bytes: Array("[0".utf8) + [0xE5] + Array("]".utf8)),
        Sample("n_number_invalid_utf8_in_exponent", bytes: Array("[1e1".utf8) + [0xE5] + Array("]".utf8)),
        Sample("n_number_invalid_utf8_after_e", bytes: Array("[1e".utf8) + [0xE5] + Array("]".utf8)),
        // n_object
        Sample("n_object_bad_value", #"["x", truth]"#), Sample("n_object_bracket_key", #"{[: "x"}"#),
        Sample("n_object_comma_for_colon", #"{"x", null}"#), Sample("n_object_double_colon", #"{"x"::"b"}"#),
        Sample("n_object_emoji_key", "{\u{1F1E8}\u{1F1ED}}"), Sample("n_object_garbage_after", #"{"a":"a" 123}"#),
        Sample("n_object_single_quoted_key", "{'a':0}"),
        Sample(
            "n_object_lone_continuation_byte_key", bytes: [0x7B, 0x22, 0xB9, 0x22, 0x3A, 0x22, 0x30, 0x22, 0x2C, 0x7D]),
        Sample("n_object_missing_colon", #"{"a" b}"#), Sample("n_object_missing_key", #"{:"b"}"#),
        Sample("n_object_missing_semicolon_like", #"{"a" "b"}"#), Sample("n_object_missing_value", #"{"a":"#),
        Sample("n_object_no_colon", #"{"a""#), Sample("n_object_non_string_key", "{1:1}"),
        Sample("n_object_huge_number_key", "{9999E9999:1}"), Sample("n_object_null_null", "{null:null,null:null}"),
        Sample("n_object_several_trailing_commas", #"{"id":0,,,,,}"#), Sample("n_object_single_quotes", "{'a':'b'}"),
        Sample("n_object_trailing_comma", #"{"id":0,}"#), Sample("n_object_trailing_comment", #"{"a":"b"}/**/"#),
        Sample("n_object_trailing_comment_open", #"{"a":"b"}/**//"#),
        Sample("n_object_trailing_comment_slash", #"{"a":"b"}//"#),
        Sample("n_object_trailing_comment_slash_incomplete", #"{"a":"b"}/"#),
        Sample("n_object_two_commas", #"{"a":"b",,"c":"d"}"#),
        Sample("n_object_unquoted_key", #"{a: "b"}"#), Sample("n_object_unterminated_value", #"{"a":"a"#),
        Sample("n_object_single_string", #"{ "foo" : "bar", "a" }"#), Sample("n_object_trailing_hash", #"{"a":"b"}#"#),
        // n_single
        Sample("n_single_space", " "),
        // n_string
        Sample("n_string_surrogate_then_escape", #"["\uD800\"]"#),
        Sample("n_string_surrogate_then_u", #"["\uD800\u"]"#),
        Sample("n_string_surrogate_then_u1", #"["\uD800\u1"]"#),
        Sample("n_string_surrogate_then_u1x", #"["\uD800\u1x"]"#),
        Sample("n_string_unquoted_accented", "[\u{e9}]"), Sample("n_string_backslash_nul", "[\"\\\u{0}\"]"),
        Sample("n_string_escape_x", #"["\x00"]"#), Sample("n_string_escaped_backslash_bad", #"["\\\"]"#),
        Sample("n_string_escaped_tab_character", "[\"\\\t\"]"), Sample("n_string_escaped_emoji", "[\"\\\u{1F300}\"]"),
        Sample("n_string_incomplete_escape", #"["\"]"#), Sample("n_string_incomplete_u_escape", #"["\u00A"]"#),
        Sample("n_string_incomplete_surrogate", #"["\uD834\uDd"]"#),
        Sample("n_string_incomplete_surrogate_bad", #"["\uD800\uD800\x"]"#),
        Sample("n_string_invalid_utf8_in_escape", bytes: Array(#"["\u"#.utf8) + [0xE5] + Array(#""]"#.utf8)),
        Sample("n_string_invalid_backslash_escape", #"["\a"]"#),
        Sample("n_string_invalid_unicode_escape", #"["\uqqqq"]"#),
        Sample("n_string_invalid_utf8_after_escape", bytes: Array(#"["\"#.utf8) + [0xE5] + Array(#""]"#.utf8)),
        Sample("n_string_leading_escaped_thinspace", #"[\u0020"asd"]"#),
        Sample("n_string_unquoted_bad_escape", #"[\n]"#),
        Sample("n_string_single_doublequote", "\""), Sample("n_string_single_quotes", "['single quote']"),
        Sample("n_string_no_quotes", "abc"), Sample("n_string_start_escape_unclosed", "[\"\\"),
        Sample("n_string_raw_control", "[\"a\u{0}a\"]"), Sample("n_string_raw_newline", "[\"new\nline\"]"),
        Sample("n_string_raw_tab", "[\"\t\"]"), Sample("n_string_capital_u_escape", #"["\UA66D"]"#),
        Sample("n_string_trailing_garbage", #""x"x"#), Sample("n_string_raw_escape_char", "[\"\u{1B}\"]"),
        // n_structure
        Sample("n_structure_too_many_opening_arrays", String(repeating: "[", count: 60_000)),
        Sample("n_structure_word_joiner", "[\u{2060}]"), Sample("n_structure_bom_no_data", "\u{FEFF}"),
        Sample("n_structure_angle_dot", "<.>"), Sample("n_structure_angle_null", "[<null>]"),
        Sample("n_structure_array_garbage", "[1]x"), Sample("n_structure_array_extra_close", "[1]]"),
        Sample("n_structure_array_unclosed_string", #"["asd]"#), Sample("n_structure_ascii_identifier", "a\u{e5}"),
        Sample("n_structure_capitalized_true", "[True]"), Sample("n_structure_close_unopened", "1]"),
        Sample("n_structure_comma_for_brace", #"{"x": true,"#), Sample("n_structure_double_array", "[][]"),
        Sample("n_structure_end_array", "]"), Sample("n_structure_incomplete_bom", bytes: [0xEF, 0xBB, 0x7B, 0x7D]),
        Sample("n_structure_lone_invalid_utf8", bytes: [0xE5]), Sample("n_structure_lone_open_bracket", "["),
        Sample("n_structure_no_data", ""), Sample("n_structure_nul_outside_string", "[\u{0}]"),
        Sample("n_structure_number_garbage", "2@"), Sample("n_structure_object_extra_close", "{}}"),
        Sample("n_structure_object_unclosed_no_value", #"{"":"#),
        Sample("n_structure_object_comment", #"{"a":/*comment*/"b"}"#),
        Sample("n_structure_object_garbage", #"{"a": true} "x""#), Sample("n_structure_open_array_apostrophe", "['"),
        Sample("n_structure_open_array_comma", "[,"), Sample("n_structure_open_array_object", #"[{"":[{"":[{"":"#),
        Sample("n_structure_open_array_open_object", "[{"), Sample("n_structure_open_array_open_string", #"["a"#),
        Sample("n_structure_open_array_string", #"["a""#), Sample("n_structure_open_object", "{"),
        Sample("n_structure_open_object_close_array", "{]"), Sample("n_structure_open_object_comma", "{,"),
        Sample("n_structure_open_object_open_array", "{["), Sample("n_structure_open_object_open_string", #"{"a"#),
        Sample("n_structure_open_object_apostrophes", "{'a'"), Sample("n_structure_open_open", #"["\{["\{["\{["\{"#),
        Sample("n_structure_single_eacute", bytes: [0xE9]), Sample("n_structure_single_star", "*"),
        Sample("n_structure_uescaped_lf_before_string", #"[\u000A""]"#), Sample("n_structure_unclosed_array", "[1"),
        Sample("n_structure_unclosed_partial_null", "[ false, nul"),
        Sample("n_structure_unclosed_unfinished_false", "[ true, fals"),
        Sample("n_structure_unclosed_unfinished_true", "[ false, tru"),
        Sample("n_structure_unclosed_object", #"{"asd":"asd""#),
        Sample("n_structure_unicode_identifier", "\u{e5}"), Sample("n_structure_whitespace_word_joiner", "[\u{2060}]"),
        Sample("n_structure_whitespace_formfeed", "[\u{0C}]"), Sample("n_structure_whitespace_nbsp", "[\u{A0}1]"),
    ]

    @Test(
        "every n_ text is refused: invalid-json, or invalid-utf8 for bytes that are not UTF-8; fatal",
        arguments: refused)
    func refuses(_ sample: Sample) {
        let utf8 = String(validating: sample.bytes, as: UTF8.self) != nil
        // NB: after an element and a comma, so that neither white space nor an unclosed bracket of the
        // sample can be completed by what follows it.
        let inside = Array(#"{"type":"ping","x":[0,"#.utf8) + sample.bytes + Array("]}".utf8)
        for payload in [sample.bytes, inside] {
            guard case .failure(let problem) = WireCodec.decodeClient(payload) else {
                Issue.record("accepted \(String(decoding: payload.prefix(80), as: UTF8.self).debugDescription)")
                continue
            }
            #expect(problem.code == (utf8 ? .invalidJSON : .invalidUTF8), "\(problem)")
            #expect(problem.fatal)
            #expect(problem.re == nil)
        }
    }

    // MARK: i_: the RFC leaves these to the implementation; our choices (PROTOCOL.md section 4)

    static let implementationAccepted: [Sample] = [
        Sample("i_number_huge_exp_underflow", "[1e-400]"),
        Sample("i_number_very_long_integer", "[" + String(repeating: "9", count: 300) + "]"),
        Sample("i_number_int_beyond_double_precision", "[9007199254740993]"),
        Sample(
            "i_structure_nested_to_the_limit", String(repeating: "[", count: 64) + String(repeating: "]", count: 64)),
        Sample("i_string_noncharacters", #"["\uFFFE\uFFFF"]"#),
    ]

    @Test("i_ texts within the host's limits parse", arguments: implementationAccepted)
    func implementationAccepts(_ sample: Sample) {
        guard case .failure(let problem) = WireCodec.decodeClient(sample.bytes) else { return }
        #expect(problem.code == .notAnObject, "\(problem)")
    }

    static let implementationRefused: [Sample] = [
        Sample("i_number_huge_exp_overflow", "[1e400]"), Sample("i_number_too_big_neg", "[-1e9999]"),
        Sample("i_number_very_long_integer_overflow", "[1" + String(repeating: "0", count: 400) + "]"),
        Sample(
            "i_structure_nested_past_the_limit", String(repeating: "[", count: 65) + String(repeating: "]", count: 65)),
        Sample("i_string_lone_high_surrogate", #"["\uD800"]"#), Sample("i_string_lone_low_surrogate", #"["\uDFAA"]"#),
        Sample("i_string_inverted_surrogates", #"["\uDC00\uD800"]"#),
        Sample("i_string_two_high_surrogates", #"["\uD800\uD800"]"#),
        Sample("i_object_key_lone_surrogate", #"{"\uDFAA":0}"#),
        Sample(
            "i_string_utf16le_with_bom",
            bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x22, 0x00, 0xE9, 0x00, 0x22, 0x00, 0x5D, 0x00]),
        Sample("i_string_utf16le_no_bom", bytes: [0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00, 0x5D, 0x00]),
        Sample("i_string_utf16be_no_bom", bytes: [0x00, 0x5B, 0x00, 0x22, 0x00, 0x61, 0x00, 0x22, 0x00, 0x5D]),
        Sample("i_structure_utf8_bom_before_object", "\u{FEFF}{\"type\":\"ping\"}"),
        Sample("i_string_overlong_utf8", bytes: Array(#"[""#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8)),
        Sample("i_string_utf8_encoded_surrogate", bytes: Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8)),
    ]

    @Test("i_ texts past the host's limits are refused, fatally", arguments: implementationRefused)
    func implementationRefuses(_ sample: Sample) {
        guard case .failure(let problem) = WireCodec.decodeClient(sample.bytes) else {
            Issue.record("accepted")
            return
        }
        let utf8 = String(validating: sample.bytes, as: UTF8.self) != nil
        #expect(problem.code == (utf8 ? .invalidJSON : .invalidUTF8), "\(problem)")
        #expect(problem.fatal)
    }
}
