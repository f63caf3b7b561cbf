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
            discussion: "Keys: space skip the animation, ? the rules walk-through, q quit.")

        @Argument(help: ArgumentHelp("The host: HOST, HOST:PORT or [IPv6]:PORT.", valueName: "host[:port]"))
        var address: Endpoint?

        @Option(name: .long, help: ArgumentHelp("The table to watch.", valueName: "id"))
        var table: String?

        @Option(name: .long, help: "Your name at the host (default: watcher and a number).")
        var name: String?

        @OptionGroup var screen: ScreenOptions
        @OptionGroup var discovery: DiscoveryOptions

        func run() async throws {
            let endpoint: Endpoint
            if let address = self.address {
                endpoint = address
            } else {
                endpoint = try await HostPicker.pick(
                    named: self.discovery.hostName, interactive: true,
                    timeout: self.discovery.discoverTimeout)
            }
            let name = self.name ?? "watcher \(ProcessInfo.processInfo.processIdentifier % 10_000)"
            let session = ClientSession(
                host: endpoint.host, port: endpoint.port, hello: Hello(name: name, client: "tcnet/\(TCNetVersion.string)"))
            let client = TableClient(
                name: name, intent: .watch(self.table), screens: .classroom, stepSeconds: self.screen.speed)
            if let farewell = try await JoinApp.run(client, session: session) {
                print(farewell)
            }
        }
    }
}
