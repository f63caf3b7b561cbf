import Foundation

/// `--report DIR`'s `conformance.xml`: JUnit XML, one `testcase` per case, for a course's CI.
///
/// FAILED becomes `<failure>`, UNIMPLEMENTED `<skipped>`; NON-STRICT passes with its reason in
/// `<system-out>`.
public enum JUnitReport {
    /// The report's text.
    /// - Parameters:
    ///   - results: the results.
    ///   - suiteName: the `testsuite` name (`tcnet conformance host`).
    public static func render(_ results: [CaseResult], suiteName: String) -> String {
        let tally = SuiteTally(results)
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        // NB: the suites' element and the suite's carry the same attributes.
        let counts = #"tests="\#(results.count)" failures="\#(tally[.failed])" skipped="\#(tally[.unimplemented])""#
        let attributes = #"name="\#(escape(suiteName))" \#(counts) time="\#(seconds(total))""#
        xml += "<testsuites \(attributes)>\n"
        xml += "  <testsuite \(attributes)>\n"
        for result in results {
            let info = result.info
            let name = #"classname="\#(escape(info.group))" name="\#(escape(info.id))""#
            xml += #"    <testcase \#(name) time="\#(seconds(result.seconds))">"# + "\n"
            switch result.verdict {
            case .ok: break
            case .nonStrict(let reason):
                xml += "      <system-out>NON-STRICT: \(escape(reason))</system-out>\n"
            case .unimplemented(let reason):
                xml += #"      <skipped message="\#(escape(reason))"/>"# + "\n"
            case .failed(let expected, let seen):
                xml += #"      <failure message="\#(escape("expected \(expected)"))" type="FAILED">"#
                xml += escape(
                    "\(info.summary) [\(info.statements.joined(separator: " "))]\nexpected: \(expected)\nseen: \(seen)")
                xml += "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
