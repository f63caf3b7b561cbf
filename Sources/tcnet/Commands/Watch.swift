import ArgumentParser
import Classroom
import Foundation
import Peer
import Play
import Protocol

extension TCNet {
    /// `tcnet watch`: a spectator's board.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watch a table of a host (the first match under way unless --table says which).",
            discussion: """
                Keys at a table: space skip the animation, ? the rules walk-through, q back to the lobby. \
                In the lobby: Up/Down choose, Enter watch, r refresh, q quit. A watcher never takes a seat.
                """)

        @Argument(help: ArgumentHelp("The host: HOST, HOST:PORT or [IPv6]:PORT.", valueName: "host[:port]"))
        var address: Endpoint?

        @Option(name: .long, help: ArgumentHelp("The table to watch.", valueName: "id"))
        var table: String?

        @Option(name: .long, help: "Your name at the host (default: watcher and a number).")
        var name: String?

        @OptionGroup var screen: ScreenOptions
        @OptionGroup var discovery: DiscoveryOptions

        func validate() throws {
            if let name, case .failure(let refusal) = PlayerName.validate(name) {
                throw ValidationError("--name: " + refusal.message)
            }
            try self.screen.validate()
        }

        func run() async throws {
            let endpoint: Endpoint
            if let address = self.address {
                endpoint = address
            } else {
                endpoint = try await HostPicker.pick(
                    named: self.discovery.hostName, interactive: true,
                    timeout: self.discovery.discoverTimeout)
            }
            let name =
                self.name.flatMap { try? PlayerName.validate($0).get() }
                ?? "watcher \(ProcessInfo.processInfo.processIdentifier % 10_000)"
            let session = ClientSession(
                host: endpoint.host, port: endpoint.port,
                hello: Hello(name: name, client: "tcnet/\(TCNetVersion.string)"))
            let client = TableClient(
                name: name, intent: .watch(self.table), watching: true, screens: .classroom,
                stepSeconds: self.screen.speed)
            try TCNet.Join.finish(try await JoinApp.run(client, session: session), endpoint: endpoint)
        }
    }
}
