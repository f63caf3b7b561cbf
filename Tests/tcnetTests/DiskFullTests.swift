import Foundation
import GameKit
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `tcnet host` whose data folder is on a 2 MB tmpfs that the test fills: the host stays up,
/// pauses the match, refuses moves with `disk-full`, survives `kill -9` on the full disk, and plays
/// on by itself once a file is deleted; every acknowledged move is in the journal.
@Suite("tcnet host: a full disk", .enabled(if: getuid() == 0, "mounts a tmpfs, which needs root (CI runs as root)"))
struct DiskFullTests {
    /// A 2 MB tmpfs mounted for the test.
    final class SmallDisk {
        let path: String

        init() throws {
            self.path = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-disk-\(UUID())").path
            try FileManager.default.createDirectory(atPath: self.path, withIntermediateDirectories: true)
            try Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", self.path)
        }

        deinit {
            try? Self.run("/bin/umount", "-l", self.path)
            try? FileManager.default.removeItem(atPath: self.path)
        }

        static func run(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CommandRunnerError.timedOut(
                    "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
            }
        }

        /// Writes a file until the disk refuses more; returns its path.
        func fill() -> String {
            let filler = self.path + "/filler"
            let fd = open(filler, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            let chunk = [UInt8](repeating: 0x55, count: 4096)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
            return filler
        }
    }

    typealias Player = CrashRecoveryTests.Player

    static func table(_ envelope: HostEnvelope) -> TableInfo? { envelope.tableInfo }

    @Test("full: paused with disk-full, moves refused, kill -9 and a restart still full, then on by itself")
    func fullDisk() async throws {
        let disk = try SmallDisk()
        let folder = disk.path + "/data"
        let host = ["host", "--bind", "127.0.0.1", "--data", folder, "--no-advertise", "--no-web"]
        let first = try CommandRunner(host + ["--port", "0"])
        let port = try await first.hostPort()
        #expect(try await first.waitForStandardOutput(containing: "Disk: ").contains("the host needs"))

        let lan = try await CrashRecoveryTests.greet(port, "Lan")
        let minh = try await CrashRecoveryTests.greet(port, "Minh")
        try await lan.client.send(ClientEnvelope(id: .number(1), .createTable(CreateTable(game: "taxcollection"))))
        _ = try await CrashRecoveryTests.next(lan.client) { $0.re == .number(1) }
        for (player, seat) in [(lan, "A"), (minh, "B")] {
            try await player.client.send(ClientEnvelope(id: .number(2), .sit(Sit(table: "t1", seat: seat))))
            try await player.client.send(ClientEnvelope(id: .number(3), .ready(TableRequest(table: "t1"))))
        }
        for player in [lan, minh] {
            _ = try await CrashRecoveryTests.next(player.client) { $0.state?.seq == 0 }
        }

        let filler = disk.fill()
        // Moves until the host finds the disk full: the move that filled it is acknowledged (written on
        // the host's reserve), then the table pauses.
        var local = GameState()
        var acknowledged: [Int: String] = [:]
        var paused = false
        for seq in 0..<40 where !paused && !local.isOver {
            let mover = local.turn == .a ? lan : minh
            let move = local.legalMoves[0]
            try await mover.client.send(
                ClientEnvelope(
                    id: .number(Int64(100 + seq)),
                    .move(MoveRequest(table: "t1", seq: seq, move: JSONValue.encoding(move)))))
            let answer = try await CrashRecoveryTests.next(mover.client) { $0.re == .number(Int64(100 + seq)) }
            if answer.error?.code == .diskFull { break }
            _ = try local.apply(move)
            acknowledged[seq + 1] = try #require(answer.state, "answer to move \(seq): \(answer.message.type)").hash
            // NB: the pause follows the move's state at once when the write used the reserve.
            try await lan.client.send(ClientEnvelope(id: .number(Int64(300 + seq)), .tables(TablesRequest())))
            let listed = try await CrashRecoveryTests.next(lan.client) { $0.re == .number(Int64(300 + seq)) }
            if case .tables(let list) = listed.message, list.tables.first?.pausedBy == .diskFull { paused = true }
        }
        #expect(paused, "the table paused for the full disk within 40 moves")
        let seq = acknowledged.count
        let refused = try await Self.move(local, seq: seq, from: (local.turn == .a ? lan : minh).client, id: 500)
        #expect(refused.error?.code == .diskFull)
        #expect(refused.error?.message.contains("disk is full") == true)
        // Lists and greetings need no write.
        let thu = try await CrashRecoveryTests.greet(port, "Thu")
        try await thu.client.send(ClientEnvelope(id: .number(9), .createTable(CreateTable(game: "taxcollection"))))
        #expect(try await CrashRecoveryTests.next(thu.client) { $0.re == .number(9) }.error?.code == .diskFull)

        // Killed on the full disk, restarted on it: the host comes up, says so, and keeps the match paused.
        first.signal(SIGKILL)
        _ = try await first.waitForExit()
        let second = try CommandRunner(host + ["--port", "\(port)"])
        _ = try await second.hostPort()
        #expect(try await second.waitForStandardOutput(containing: "Disk: ").contains("Disk: FULL"))
        var resumed: [RawClient] = []
        for player in [lan, minh] {
            let client = try await RawClient.connect(port: port)
            try await client.send(ClientEnvelope(id: .number(1), .hello(Hello(name: "x", resume: player.token))))
            let info = try await CrashRecoveryTests.next(client) { $0.tableInfo != nil }.tableInfo
            #expect(info?.pausedBy == .diskFull)
            resumed.append(client)
        }
        let mover = local.turn == .a ? resumed[0] : resumed[1]
        #expect(try await Self.move(local, seq: seq, from: mover, id: 600).error?.code == .diskFull)

        // Room again: the match plays on by itself, and the next move is acknowledged.
        try FileManager.default.removeItem(atPath: filler)
        for client in resumed {
            // NB: the paused state sent on resume may come first; the playing one must follow.
            let update = try await CrashRecoveryTests.next(client) { $0.state?.status == .playing }
            #expect(update.state?.hash == acknowledged[seq])
        }
        let answer = try await Self.move(local, seq: seq, from: mover, id: 700)
        _ = try local.apply(local.legalMoves[0])
        #expect(answer.state?.hash == local.stateHash)
        acknowledged[seq + 1] = answer.state?.hash

        second.signal(SIGTERM)
        #expect(try await second.waitForExit().status == 0)
        // Every acknowledged move is in the journal, with its hash.
        let journalled = try Self.journalledHashes(folder + "/tcnet.sqlite")
        for (seq, hash) in acknowledged {
            #expect(
                journalled[seq] == hash, "move \(seq) acknowledged with \(hash), journalled \(journalled[seq] ?? "-")")
        }
    }

    static func move(_ state: GameState, seq: Int, from client: RawClient, id: Int64) async throws -> HostEnvelope {
        let move = JSONValue.encoding(state.legalMoves[0])
        try await client.send(ClientEnvelope(id: .number(id), .move(MoveRequest(table: "t1", seq: seq, move: move))))
        return try await CrashRecoveryTests.next(client) { $0.re == .number(id) }
    }

    /// The journal's moves of table t1, by seq: their hashes, read with the sqlite3 tool.
    static func journalledHashes(_ database: String) throws -> [Int: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, "SELECT seq, json_extract(record, '$.hash') FROM move WHERE tableID = 't1'"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var hashes: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "|")
            if parts.count == 2, let seq = Int(parts[0]) { hashes[seq] = String(parts[1]) }
        }
        return hashes
    }
}
