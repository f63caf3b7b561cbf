import ArgumentParser
import Classroom
import Foundation
import Peer
import Play
import Protocol
import Terminal

extension TCNet {
    /// `tcnet join`: sit at a table of a host and play on the terminal board (or let a bot play).
    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a host: pick a table in the lobby and play on the terminal.",
            discussion: """
                Without an address, finds hosts on the LAN with DNS-SD (avahi-daemon) and lists them.
                In the lobby: Up/Down choose, Enter sit, w watch, c open a new table of --game, r refresh, q quit.
                At a Tax Collection table: 1-5 select a bank, Up/Down or u/d sow, r refill, Esc deselect, \
                space skip the animation, ? the rules walk-through, n rematch, q quit (asks first during a match).
                Each game's screen shows its own keys.
                With --bot the seat plays itself without a screen and prints one line per state.
                """)

        @Argument(
            help: ArgumentHelp(
                "The host: HOST, HOST:PORT or [IPv6]:PORT (default port 7420).", valueName: "host[:port]"))
        var address: Endpoint?

        @Option(name: .long, help: "Your name at the host.")
        var name: String

        @Option(name: .long, help: ArgumentHelp("Sit at this table at once (e.g. t1).", valueName: "id"))
        var table: String?

        @Option(name: .long, help: ArgumentHelp("The game of a table you open (or a bot plays).", valueName: "id"))
        var game: String = "taxcollection"

        @OptionGroup var choice: GameChoice

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Play without a screen, as one of the game's bots (Tax Collection: random, greedy or strong).",
                valueName: "bot"))
        var bot: String?

        @Option(name: .long, help: "Where the bot's random choices start.")
        var seed: UInt64 = 1

        @OptionGroup var screen: ScreenOptions
        @OptionGroup var discovery: DiscoveryOptions

        func validate() throws {
            if case .failure(let refusal) = PlayerName.validate(self.name) {
                throw ValidationError(refusal.message + " (--name NAME)")
            }
            let game = try GameChoice.descriptor(self.game)
            if let bot, !game.bots.contains(bot) {
                throw ValidationError("--bot takes \(game.bots.joined(separator: ", ")) for \(game.name), not \(bot)")
            }
            try self.choice.validate(for: game)
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
            let options = try self.choice.optionsJSON()
            if let bot {
                let player = HeadlessPlayer(
                    bot: bot, seed: self.seed, table: self.table, game: self.game, ruleSet: self.choice.rules,
                    options: options.isEmpty ? nil : options, games: .classroom)
                let status = await HeadlessApp.run(player, session: session)
                if status != 0 { throw ExitCode(status) }
                return
            }
            let client = TableClient(
                name: self.name, intent: self.table.map { .sit($0) } ?? .lobby, screens: .classroom, game: self.game,
                ruleSet: self.choice.rules, options: options.isEmpty ? nil : options, stepSeconds: self.screen.speed)
            if let farewell = try await JoinApp.run(client, session: session) {
                print(farewell)
            }
        }
    }
}

/// The board's options.
struct ScreenOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Seconds per animation step; 0 shows each move at once.", valueName: "seconds"))
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
