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
                Without an address, finds hosts on the LAN with DNS-SD (avahi-daemon) and lists them. \
                In the lobby: Up/Down choose, Enter sit, w watch, c open a new table of --game, r refresh, q quit.

                At a Tax Collection table: 1-5 select a bank, Up/Down or u/d sow, r refill, Esc deselect, \
                space skip the animation, ? the rules walk-through (and your seat code), n rematch, q back to \
                the lobby (during a match it asks first: leaving gives the match away). Each game's screen \
                shows its own keys.

                A closed window, a crash or Ctrl-C keeps your seat for the table's grace period: run the same \
                command again and it takes the seat back by itself (the resume token is kept, for your user \
                only, in $XDG_STATE_HOME/tcnet or ~/.local/state/tcnet). From another machine, \
                --resume CODE takes it back with the seat code shown when you sat down.

                With --bot the seat plays itself without a screen and prints one line per state.
                """)

        @Argument(
            help: ArgumentHelp(
                "The host: HOST, HOST:PORT or [IPv6]:PORT (default port 7420).", valueName: "host[:port]"))
        var address: Endpoint?

        @Option(name: .long, help: "Your name at the host (1 to 24 characters).")
        var name: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Take back a seat, from any machine, with its seat code (shown when you sat down, and on ?).",
                valueName: "code"))
        var resume: String?

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

        @Flag(name: .long, help: "With --bot: play every tournament game the host calls you to, until stopped.")
        var follow = false

        @OptionGroup var screen: ScreenOptions
        @OptionGroup var discovery: DiscoveryOptions

        func validate() throws {
            if let resume {
                guard SeatCode.typed(resume) != nil else {
                    throw ValidationError(
                        "--resume takes a seat code of \(SeatCode.length) letters and digits, like K7QM4-XRT2B, "
                            + "not \(resume)"
                    )
                }
                guard self.bot == nil else {
                    throw ValidationError("--resume is for a player at the screen, not --bot")
                }
            } else if self.name == nil {
                throw ValidationError("Missing --name NAME (or --resume CODE to take a seat back)")
            }
            if let name, case .failure(let refusal) = PlayerName.validate(name) {
                throw ValidationError("--name: " + refusal.message)
            }
            let game = try GameChoice.descriptor(self.game)
            if let bot, !game.bots.contains(bot) {
                throw ValidationError("--bot takes \(game.bots.joined(separator: ", ")) for \(game.name), not \(bot)")
            }
            try self.choice.validate(for: game)
            try self.screen.validate()
            if self.follow, self.bot == nil {
                throw ValidationError("--follow is for --bot: a player at the screen is moved by itself")
            }
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
            let name = self.name.flatMap { try? PlayerName.validate($0).get() } ?? ""
            let options = try self.choice.optionsJSON(for: try GameChoice.descriptor(self.game))
            if let bot {
                let hello = Hello(name: name, client: "tcnet/\(TCNetVersion.string)")
                let session = ClientSession(host: endpoint.host, port: endpoint.port, hello: hello)
                let player = HeadlessPlayer(
                    bot: bot, seed: self.seed, table: self.table, game: self.game, ruleSet: self.choice.rules,
                    options: options.isEmpty ? nil : options, games: .classroom, follow: self.follow)
                let status = await HeadlessApp.run(player, session: session)
                if status != 0 { throw ExitCode(status) }
                return
            }
            // NB: a token kept by an earlier run for this host and name takes the seat back by itself.
            let store = ResumeStore(folder: ResumeStore.defaultFolder(environment: ProcessInfo.processInfo.environment))
            let code = self.resume.flatMap(SeatCode.typed)
            let kept = code == nil ? store.token(host: endpoint.host, port: endpoint.port, name: name) : nil
            let hello = Hello(name: name, client: "tcnet/\(TCNetVersion.string)", resume: kept, seatCode: code)
            let session = ClientSession(host: endpoint.host, port: endpoint.port, hello: hello)
            let client = TableClient(
                name: name, intent: self.table.map { .sit($0) } ?? .lobby, screens: .classroom, game: self.game,
                ruleSet: self.choice.rules, options: options.isEmpty ? nil : options, stepSeconds: self.screen.speed)
            let memory = JoinApp.Memory(store: store, host: endpoint.host, port: endpoint.port)
            try Self.finish(try await JoinApp.run(client, session: session, memory: memory), endpoint: endpoint)
        }

        /// Prints the farewell, or fails with one line that says what to do.
        static func finish(_ ending: JoinApp.Ending, endpoint: Endpoint) throws {
            switch ending {
            case .done(let line):
                if let line { print(line) }
            case .failed(let line):
                throw CommandFailure(line)
            case .unreachable(let why):
                throw CommandFailure(
                    "\(why); check the address, and that tcnet host runs there", status: .unreachable)
            case .refused(let error):
                throw CommandFailure(Self.words(for: error, endpoint: endpoint))
            }
        }

        /// A refusal of the host's, with what to type next.
        static func words(for error: ErrorMessage, endpoint: Endpoint) -> String {
            switch error.code {
            case .nameTaken: "\(error.message) (tcnet join \(endpoint) --name ANOTHER)"
            case .nameAway: "\(error.message): tcnet join \(endpoint) --resume CODE"
            case .invalidName: "--name: \(error.message)"
            case .badSeatCode, .rateLimited: error.message
            default: "the host refused: \(error.message) (\(error.code))"
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
