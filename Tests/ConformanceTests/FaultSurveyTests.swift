import Conformance
import Foundation
import Lobby
import Testing

/// Runs every case against every broken host and prints which cases each fault fails, as the
/// source of ``BrokenHostTests/killers``. Slow (minutes): only with TCNET_FAULT_SURVEY=1.
@Suite("Conformance: fault survey")
struct FaultSurveyTests {
    @Test("survey", .enabled(if: ProcessInfo.processInfo.environment["TCNET_FAULT_SURVEY"] != nil))
    func survey() async throws {
        var lines: [String] = []
        for fault in HostFault.allCases.sorted() {
            let results = try await HostUnderTest.with(faults: [fault]) { ports in
                await HostUnderTest.run(ports, CaseSelection())
            }
            let failed = results.filter { $0.verdict.outcome == .failed }.map(\.info.id)
            lines.append("        .\(fault): [\(failed.map { "\"\($0)\"" }.joined(separator: ", "))],")
            print("SURVEY \(fault.rawValue): \(failed.count) failed: \(failed.joined(separator: " "))")
        }
        print("SURVEY-SOURCE\n" + lines.joined(separator: "\n"))
    }
}
