import ArgumentParser
import Classroom
import Conformance
import Foundation

extension TCNet.ConformanceCommand {
    /// `tcnet conformance client --port PORT`: the suite as the host of a client under test.
    struct ClientSide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "client",
            abstract: "Act as a host and check the client that connects to it.",
            discussion: """
                Listens on --bind:--port, waits for one client, and runs the client cases on its connection: \
                the handshake, framing, unknown messages, then a match at table t1 in which the suite plays \
                seat B and once sends a state whose hash lies. Start your client against this port \
                (tcnet's own: tcnet join 127.0.0.1:PORT --name Bot --bot random). With --game craps the suite \
                plays P2 of a Craps match and also lies about the dice (tcnet join ... --bot steady --game craps).
                """)

        @Option(name: .long, help: "The port to listen on (0: any free port, printed).")
        var port: Int

        @Option(name: .long, help: ArgumentHelp("The address to listen on.", valueName: "address"))
        var bind = "127.0.0.1"

        @Option(
            name: .long, help: ArgumentHelp("How long to wait for the client to connect, in seconds.", valueName: "s"))
        var wait = 60

        @Option(
            name: .long, help: ArgumentHelp("The game of the match the suite plays with the client.", valueName: "id"))
        var game = "taxcollection"

        @OptionGroup var reports: ReportOptions

        func validate() throws {
            guard (0...65_535).contains(self.port) else { throw ValidationError("--port must be 0 to 65535") }
            guard Classroom.fixture(self.game) != nil else {
                let games = Classroom.fixtures.map(\.game.id).joined(separator: ", ")
                throw ValidationError("--game takes one of \(games), not \(self.game)")
            }
        }

        func run() async throws {
            let listener = try ClientSuite.Listener(address: self.bind, port: self.port)
            print("tcnet conformance client: listening on \(self.bind):\(listener.port); start the client under test")
            let fixture = Classroom.fixture(self.game)!
            let results = await ClientSuite.run(
                listener: listener, fixture: fixture, connectTimeout: .seconds(self.wait))
            let status = try self.reports.finish(results, suiteName: "tcnet conformance client")
            if status != 0 { throw ExitCode(status) }
        }
    }
}
