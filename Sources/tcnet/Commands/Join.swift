import ArgumentParser
import Board
import Foundation
import Peer
import Play
import Protocol
import TaxCollectionRules
import Terminal

extension TCNet {
    /// `tcnet join`: sit at a table of a host and play on the terminal board (or let a bot play).
    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a host: pick a table in the lobby and play on the terminal board.",
            discussion: """
                Without an address, finds hosts on the LAN with DNS-SD (avahi-daemon) and lists them.
                Keys on the board: 1-5 select a bank, Up/Down or u/d sow, r refill, Esc deselect, \
                space skip the animation, ? the rules walk-through, n rematch, q quit (asks first during a match).
                In the lobby: Up/Down choose, Enter sit, w watch, c open a new table, r refresh, q quit.
                With --bot the seat plays itself without a screen and prints one line per state.
                """)

        @Argument(help: ArgumentHelp("The host: HOST, HOST:PORT or [IPv6]:PORT (default port 7420).", valueName: "host[:port]"))
        var address: Endpoint?

        @Option(name: .long, help: "Your name at the host.")
        var name: String

        @Option(name: .long, help: ArgumentHelp("Sit at this table at once (e.g. t1).", valueName: "id"))
        var table: String?

        @Option(name: .long, help: ArgumentHelp("The rule set of a table you open.", valueName: "name"))
        var rules: String?

        @Option(name: .long, help: ArgumentHelp("Play without a screen: random, greedy or strong.", valueName: "bot"))
        var bot: String?

        @Option(name: .long, help: "Where the bot's random choices start.")
        var seed: UInt64 = 1

        @OptionGroup var screen: ScreenOptions
        @OptionGroup var discovery: DiscoveryOptions

        func validate() throws {
            if self.name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError(SeedMessages.nameWarning + " (--name NAME)")
            }
            if let bot, BotKind(rawValue: bot) == nil {
                throw ValidationError("--bot takes random, greedy or strong, not \(bot)")
            }
            if let rules, RuleSet.named(rules) == nil {
                throw ValidationError("--rules takes one of \(RuleSet.allNames.joined(separator: ", ")), not \(rules)")
            }
            try self.screen.validate()
        }

        func run() async throws {
            let endpoint: Endpoint
            if let address = self.address {
                endpoint = address
            } else {
                endpoint = try await HostPicker.pick(
                    named: self.discovery.hostName, interactive: self.bot == nil && RawTerminal.isInteractive,
                    timeout: self.discovery.discoverTimeout)
            }
            let hello = Hello(name: self.name, client: "tcnet/\(TCNetVersion.string)")
            let session = ClientSession(host: endpoint.host, port: endpoint.port, hello: hello)
            if let bot {
                let player = HeadlessPlayer(bot: bot, seed: self.seed, table: self.table, ruleSet: self.rules)
                let status = await HeadlessApp.run(player, session: session)
                if status != 0 { throw ExitCode(status) }
                return
            }
            let client = TableClient(
                name: self.name, intent: self.table.map { .sit($0) } ?? .lobby, ruleSet: self.rules,
                stepSeconds: self.screen.speed)
            if let farewell = try await JoinApp.run(client, session: session) {
                print(farewell)
            }
        }
    }
}

/// The board's options.
struct ScreenOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds per animation step; 0 shows each move at once.", valueName: "seconds"))
    var speed: Double = 0.25

    func validate() throws {
        guard (0...5).contains(self.speed) else { throw ValidationError("--speed must be 0 to 5 seconds") }
    }
}

/// How to find a host when no address is given.
struct DiscoveryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Without an address: the name of the host to pick.", valueName: "name"))
    var hostName: String?

    @Option(name: .long, help: ArgumentHelp("Seconds to look for hosts on the LAN.", valueName: "seconds"))
    var discoverTimeout: Double = 3
}
