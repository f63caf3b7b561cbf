import TaxCollection
import Classroom
import Conformance
import Testing

@Suite("Conformance: our host")
struct RealHostTests {
    @Test("every case is OK or NON-STRICT with a reason against tcnet's own host")
    func realHost() async throws {
        let results = try await HostUnderTest.with { port in await HostUnderTest.run(port: port, CaseSelection()) }
        for result in results where result.verdict.outcome != .ok {
            #expect(result.verdict.outcome == .nonStrict && !result.verdict.detail.isEmpty, "\(result.info.id): \(result.verdict)")
        }
        print(SummaryTable.render(results))
        #expect(results.count == HostSuite.classroom.count)
    }
}
