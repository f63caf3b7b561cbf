import Foundation
import TestSupport
import Testing

@testable import Tournament

/// The Swiss pairings agree with an established Dutch-system engine on the same inputs: py4swiss (PyPI,
/// MIT; a port of bbpPairings' weighted-matching method), run on the report file exported before each
/// round, exactly as docs/TOURNAMENT.md tells a teacher to check a round.
///
/// NB: needs `py4swiss` (pip install py4swiss==0.3.1): on PATH, or named by PY4SWISS; .ci/run installs it.
/// NB: serialized: one py4swiss process at a time (24 at once made a 2-core machine's load average 27 and
/// starved the suite's timed tests).
@Suite(
    "Swiss pairings against py4swiss", .offThePool, .serialized,
    .enabled(if: ExternalEngine.available, "py4swiss is not installed"))
struct ExternalEngineTests {
    @Test(
        "random tournaments, 5 to 40 players, 3 to 9 rounds: every round as py4swiss pairs it",
        arguments: Array(0..<12))
    func sameAsPy4swiss(seed: Int) async throws {
        try await Self.compare(seed: seed, absences: false, edition: .fide2025)
    }

    @Test(
        "with absences, byes granted, forfeits, late entries and withdrawals, by the 2017 text's floats",
        arguments: Array(100..<112))
    func sameAsPy4swissWithAbsences(seed: Int) async throws {
        // NB: py4swiss reads the 2017 text: a round without a game is always a downfloat (docs/TOURNAMENT.md).
        try await Self.compare(seed: seed, absences: true, edition: .fide2017)
    }

    /// NB: off the cooperative pool: the pairings and the py4swiss processes waited for take seconds.
    static func compare(seed: Int, absences: Bool, edition: DutchEdition) async throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919)
        let players = Int.random(in: 5...40, using: &random)
        let rounds = Int.random(in: 3...9, using: &random)
        let (disagreements, compared) = await offThePool {
            Self.disagreements(players, rounds, seed, absences, edition)
        }
        #expect(disagreements.isEmpty, "\(players) players, \(rounds) rounds, seed \(seed): \(disagreements)")
        #expect(compared >= min(rounds, 3), "only \(compared) rounds compared")
    }

    static func disagreements(
        _ players: Int, _ rounds: Int, _ seed: Int, _ absences: Bool, _ edition: DutchEdition
    ) -> ([String], Int) {
        var disagreements: [String] = []
        var compared = 0
        _ = RandomTournament.swiss(
            players: players, rounds: rounds, seed: UInt64(seed), absences: absences, edition: edition
        ) { tournament, round in
            do {
                let theirs = try ExternalEngine.pairing(TRFWriter.report(tournament))
                let ours = ExternalEngine.describe(round)
                compared += 1
                if theirs != ours {
                    disagreements.append("round \(round.number): ours \(ours), py4swiss \(theirs)")
                }
            } catch {
                disagreements.append("round \(round.number): \(error)")
            }
        }
        return (disagreements, compared)
    }

    @Test("the check can fail: a round paired otherwise is caught")
    func checkCatchesADifferentPairing() throws {
        var tournament = TournamentState(id: "T1", name: "Check", game: "test", format: .swiss(rounds: 3))
        for index in 1...6 { _ = tournament.register("P\(index)") }
        _ = tournament.start()
        guard case .success(var round) = tournament.nextRound() else { throw ExternalEngine.Failure("no round") }
        let theirs = try ExternalEngine.pairing(TRFWriter.report(tournament))
        #expect(theirs == ExternalEngine.describe(round))
        let first = round.boards[0].black
        round.boards[0].black = round.boards[1].black
        round.boards[1].black = first
        #expect(theirs != ExternalEngine.describe(round))
    }
}

/// Runs py4swiss on a report file.
enum ExternalEngine {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static var executable: String? {
        if let named = ProcessInfo.processInfo.environment["PY4SWISS"],
            FileManager.default.isExecutableFile(atPath: named)
        {
            return named
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/py4swiss" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var available: Bool { Self.executable != nil }

    /// The next round's pairing as py4swiss makes it: "white-black" pairs and "bye N", sorted.
    static func pairing(_ report: String) throws -> [String] {
        guard let executable = Self.executable else { throw Failure("py4swiss is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("py4swiss-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("round.trf")
        let output = folder.appendingPathComponent("pairings.txt")
        try report.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-t", input.path, "-p", output.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure("py4swiss failed (\(process.terminationStatus)): \(text.suffix(400))")
        }
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { line in
            let numbers = line.split(separator: " ")
            return numbers.count == 2 && numbers[1] == "0" ? "bye \(numbers[0])" : "\(numbers[0])-\(numbers[1])"
        }.sorted()
    }

    /// A round in the same form.
    static func describe(_ round: Round) -> [String] {
        (round.boards.map { "\($0.white)-\($0.black)" } + (round.pairingBye.map { ["bye \($0)"] } ?? [])).sorted()
    }
}
