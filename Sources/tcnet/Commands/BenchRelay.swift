import ArgumentParser
import Dispatch
import Foundation
import Peer
import Storage

extension TCNet.Bench {
    /// `tcnet bench relay`: the C floor's relay written with SwiftNIO, for `floor --target` to measure.
    struct BenchRelay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "relay",
            abstract: "A relay with no game, written with SwiftNIO: what NIO costs a move (floor.c is the load).",
            discussion: """
                Benchmarks/net/floor.c's relay on one SwiftNIO event loop: it listens on 127.0.0.1, pairs \
                the connections by the order they arrive (2 × --matches of them), and answers every frame \
                a seat sends with a 550-byte frame to both seats of its match, the moves of a pass of the \
                loop committed to a journal (a row each, in one SQLite transaction in a fresh temporary \
                folder, removed after) before their answers are written. No tcnet/1 message is read or \
                written, no rule checked. Between the C relay (floor without --target) and a tcnet host, \
                it measures the part of a move's cost that is NIO's:

                  tcnet bench relay --matches 50 &     # prints: relay: listening on 127.0.0.1:PORT pid=PID
                  floor -m 50 -d 10 --target PORT --host-pid PID

                It stops when its load leaves (a seat's connection closes), or on SIGINT or SIGTERM, and \
                prints its moves and transactions.
                """
        )

        @Option(help: "Matches the load plays: the relay takes twice as many connections.")
        var matches = 50

        @Option(help: "The port to listen on (0: one the system picks).")
        var port = 0

        @Option(
            help: ArgumentHelp(
                "How answers are written: pipeline (writeAndFlush on the channel, as NIO programs write) or direct "
                    + "(straight to the socket, as the tcnet host writes a turn's states).",
                valueName: "pipeline|direct"))
        var writes = RelayFloor.Writes.pipeline

        @Flag(help: "Commit nothing: the relay's sockets alone.")
        var noJournal = false

        func validate() throws {
            guard (1...2_000).contains(self.matches) else { throw ValidationError("--matches takes 1 to 2000") }
            guard (0...65_535).contains(self.port) else { throw ValidationError("--port takes 0 to 65535") }
        }

        func run() async throws {
            try OpenFileLimit.raise(to: 2 * self.matches + 64)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-relay-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var journal: FloorJournal?
            if !self.noJournal {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    journal = try FloorJournal(folder: folder)
                } catch {
                    throw CommandFailure(
                        "cannot open a journal for the relay in \(folder): \(error); set TMPDIR to a folder it can "
                            + "write, or pass --no-journal")
                }
            }
            let relay: RelayFloor
            do {
                relay = try await RelayFloor.start(
                    matches: self.matches, port: self.port, writes: self.writes, journal: journal)
            } catch {
                throw CommandFailure("cannot listen on 127.0.0.1:\(self.port): \(error); choose another --port")
            }
            FileHandle.standardError.write(
                Data("relay: listening on 127.0.0.1:\(relay.port) pid=\(getpid())\n".utf8))
            let stops = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { Task { await relay.stop() } }
                source.resume()
                return source
            }
            let summary = await relay.finished()
            await relay.stop()
            stops.forEach { $0.cancel() }
            let journalled = self.noJournal ? "off" : "on"
            FileHandle.standardError.write(
                Data(
                    ("relay: matches=\(self.matches) writes=\(self.writes.rawValue) journal=\(journalled) "
                        + "moves=\(summary.moves) transactions=\(summary.transactions)\n").utf8))
            if let failure = summary.failure { throw CommandFailure("the relay stopped: \(failure)") }
        }
    }
}

extension RelayFloor.Writes: ExpressibleByArgument {}
