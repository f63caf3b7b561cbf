import Foundation
import Protocol
import TestSupport
import Testing

/// WhichBill at a real `tcnet host`: two students play sessions at once with `tcnet join --bot`, and
/// `tcnet progress` reads every round from the host's data folder, across a restart of the host.
@Suite("WhichBill: sessions over TCP and tcnet progress")
struct WhichBillProgressTests {
    static let utc = ["TZ": "UTC"]

    static func host(_ data: String, port: Int = 0) async throws -> (CommandRunner, Int) {
        let host = try CommandRunner([
            "host", "--bind", "127.0.0.1", "--port", "\(port)", "--data", data, "--no-advertise",
        ])
        let port = try await host.hostPort()
        return (host, port)
    }

    /// A teacher opens one table per student, each with the student's own options.
    static func openTables(port: Int, _ options: [[String: JSONValue]]) async throws {
        let teacher = try await RawClient.greeted(port: port, name: "Teacher")
        for (index, table) in options.enumerated() {
            try await teacher.send(
                ClientEnvelope(
                    id: .number(Int64(10 + index)),
                    .createTable(CreateTable(game: "whichbill", graceSeconds: 0, options: table))))
            while try await teacher.readMessage().re != .number(Int64(10 + index)) {}
        }
    }

    static func progress(_ arguments: [String]) async throws -> CommandRunner.Outcome {
        let runner = try CommandRunner(["progress"] + arguments, environment: Self.utc)
        return try await runner.waitForExit()
    }

    static func csvRows(_ output: String) -> [[String]] {
        output.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test(
        "two students at once, each at a table with their own options; their rounds in progress; a restart keeps them"
    )
    func twoStudentsThenRestart() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-whichbill-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (host, port) = try await Self.host(data)
        try await Self.openTables(
            port: port,
            [
                ["items": .number(3)],
                ["items": .number(4), "bills": .array([.string("1"), .string("5")]), "maxCents": .number(499)],
            ])
        let lan = try CommandRunner([
            "join", "127.0.0.1:\(port)", "--name", "Lan", "--game", "whichbill", "--bot", "guesser", "--table", "t1",
            "--seed", "3",
        ])
        let minh = try CommandRunner([
            "join", "127.0.0.1:\(port)", "--name", "Minh", "--game", "whichbill", "--bot", "guesser", "--table", "t2",
            "--seed", "4",
        ])
        for (student, runner) in [("Lan", lan), ("Minh", minh)] {
            let outcome = try await runner.waitForExit(timeout: .seconds(60))
            #expect(outcome.status == 0, "\(student): \(outcome.standardOutput) \(outcome.standardError)")
            #expect(outcome.standardOutput.contains("match over: finished"))
        }

        // Read while the host runs.
        let table = try await Self.progress(["--data", data])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains("WhichBill progress of the class: 2 students, 7 rounds"))
        #expect(table.standardOutput.contains(/\n  Lan\s+1\s+3\s/))
        #expect(table.standardOutput.contains(/\n  Minh\s+1\s+4\s/))
        let chart = try await Self.progress(["lan", "--data", data])
        #expect(chart.standardOutput.hasPrefix("WhichBill progress of Lan: 3 rounds on 1 day"))
        #expect(chart.standardOutput.contains("Right at the first try, by day"))
        #expect(chart.standardOutput.contains("By cost band"))
        let csv = try await Self.progress(["--csv", "--data", data])
        let rows = Self.csvRows(csv.standardOutput)
        #expect(rows.count == 7)
        let header = try #require(csv.standardOutput.split(separator: "\n").first).split(separator: ",").map(
            String.init)
        let column = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        for row in rows where row[column["student"]!] == "Minh" {
            #expect(row[column["bills"]!] == "1.00 5.00")
            #expect(Double(row[column["cost"]!])! <= 4.99)
        }
        #expect(rows.filter { $0[column["student"]!] == "Lan" }.map { $0[column["round"]!] } == ["1", "2", "3"])
        #expect(rows.contains { !$0[column["wrong_bills"]!].isEmpty }, "some wrong guesses were kept in order")
        #expect(rows.contains { !$0[column["hint_before_guess"]!].isEmpty }, "some hints were kept")

        // A restart: the rounds are still there, and Lan's next session adds to them.
        host.signal(SIGTERM)
        #expect(try await host.waitForExit().status == 0)
        let again = try await Self.progress(["Lan", "--csv", "--data", data])
        #expect(Self.csvRows(again.standardOutput).count == 3)
        let (restarted, _) = try await Self.host(data, port: port)
        let next = try CommandRunner([
            "join", "127.0.0.1:\(port)", "--name", "lan", "--game", "whichbill", "--bot", "careful", "--table", "t1",
        ])
        let outcome = try await next.waitForExit(timeout: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.standardOutput) \(outcome.standardError)")
        let after = Self.csvRows(try await Self.progress(["LAN", "--csv", "--data", data]).standardOutput)
        #expect(after.count == 6)
        #expect(after.map { $0[column["session"]!] } == ["1", "1", "1", "2", "2", "2"])
        #expect(after.suffix(3).allSatisfy { $0[column["first_try"]!] == "yes" && $0[column["wrong_bills"]!].isEmpty })
        restarted.signal(SIGTERM)
        _ = try await restarted.waitForExit()
    }

    @Test("tcnet progress says what is wrong in one line: no data folder, no rounds, an unknown student")
    func errors() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-progress-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let missing = try await Self.progress(["--data", data])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("no host data in \(data); pass the host's folder with --data DIR"))
        #expect(!FileManager.default.fileExists(atPath: data))
        let (host, port) = try await Self.host(data)
        let empty = try await Self.progress(["--data", data])
        #expect(empty.status != 0 && empty.standardError.contains("no WhichBill rounds are kept in \(data) yet"))
        try await Self.openTables(port: port, [["items": .number(1)]])
        let lan = try CommandRunner([
            "join", "127.0.0.1:\(port)", "--name", "Lan", "--game", "whichbill", "--bot", "careful", "--table", "t1",
        ])
        _ = try await lan.waitForExit(timeout: .seconds(60))
        let unknown = try await Self.progress(["Hoa", "--data", data])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("no WhichBill rounds for Hoa in \(data); students: Lan"))
        host.signal(SIGTERM)
        _ = try await host.waitForExit()
    }
}
