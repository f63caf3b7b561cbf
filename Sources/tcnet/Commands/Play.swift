import ArgumentParser
import Classroom
import Foundation
import GameKit
import Peer
import Play
import Protocol
import ScreenKit
import Storage

extension TCNet {
    /// `tcnet play`: a game on this terminal, without a network.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play on this terminal: people turn by turn, or against a bot (--vs bot:LEVEL).",
            discussion: """
                GAME is one of the classroom's games (tcnet play taxcollection, tcnet play craps, ...). \
                The game starts by asking for the players' names, unless --player-a and --player-b give them.

                Tax Collection's keys: 1-5 select a bank, Up/Down or u/d sow, r refill, Esc deselect, space skip \
                the animation, ? the rules walk-through, n play again (names kept), q quit (asks first during a \
                game). Each game's screen shows its own keys.
                """)

        @Argument(help: ArgumentHelp("The game.", valueName: "game"))
        var game: String = "taxcollection"

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The first player's name (Tax Collection: on the left); asked at the start when absent.",
                valueName: "name"))
        var playerA: String?

        @Option(name: .long, help: ArgumentHelp("The second player's name (on the right).", valueName: "name"))
        var playerB: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A bot plays the last seat: bot, or bot:LEVEL with one of the game's bots "
                    + "(Tax Collection: random, greedy, strong).",
                valueName: "bot[:level]"))
        var vs: String?

        @Option(name: .long, help: ArgumentHelp("Seats at the table, within the game's counts.", valueName: "n"))
        var seats: Int?

        @OptionGroup var choice: GameChoice

        @Option(name: .long, help: "Where the bot's random choices and the dice start.")
        var seed: UInt64 = 1

        @OptionGroup var screen: ScreenOptions

        @Option(name: .long, help: ArgumentHelp("The data folder with the teacher's word lists.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        func validate() throws {
            let game = try GameChoice.descriptor(self.game)
            for (flag, name) in [("--player-a", self.playerA), ("--player-b", self.playerB)] {
                if let name, case .failure(let refusal) = PlayerName.validate(name) {
                    throw ValidationError("\(flag): \(refusal.message)")
                }
            }
            if let vs {
                let parts = vs.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.first == "bot", parts.count == 1 || game.bots.contains(parts[1]), !game.bots.isEmpty else {
                    let levels = game.bots.map { "bot:\($0)" }.joined(separator: ", ")
                    throw ValidationError("--vs takes bot or one of \(levels) for \(game.name), not \(vs)")
                }
            }
            if let seats, !game.seatCounts.contains(seats) {
                let counts = "\(game.seatCounts.lowerBound) to \(game.seatCounts.upperBound)"
                throw ValidationError("--seats takes \(counts) for \(game.name), not \(seats)")
            }
            try self.choice.validate(for: game, seats: self.seats)
            try self.screen.validate()
        }

        func run() async throws {
            let game = try GameChoice.descriptor(self.game)
            guard let screen = Classroom.games.first(where: { $0.game.descriptor.id == game.id })?.screen else {
                throw ValidationError("there is no screen for \(game.id)")
            }
            try await self.play(screen, game)
        }

        private func play<S: GameScreen>(_: S.Type, _ game: GameDescriptor) async throws {
            let count =
                self.seats ?? max(game.defaultSeatCount, self.vs == nil ? 0 : min(2, game.seatCounts.upperBound))
            let seats = Array(game.seats.prefix(count))
            var bots: [SeatName: String] = [:]
            if let vs, let last = seats.last {
                let level = vs.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
                bots[last] = level ?? game.bots.first { $0 == "greedy" } ?? game.bots[0]
            }
            var names: [SeatName: String] = [:]
            var unnamed: [SeatName] = []
            for (index, seat) in seats.enumerated() {
                let given = index == 0 ? self.playerA : index == 1 ? self.playerB : nil
                if let given {
                    names[seat] = try? PlayerName.validate(given).get()
                } else if let bot = bots[seat] {
                    names[seat] = "\(bot) bot"
                } else {
                    unnamed.append(seat)
                }
            }
            var values: [String: OptionValue] = [:]
            for (name, json) in try self.choice.optionsJSON(for: game) { values[name] = OptionValue(json: json) }
            let options = try GameOptions.checking(values, against: game.options).get()
            let content = try self.content(of: game, options)
            let voice = EspeakVoice.find()
            if S.G.features(for: options).contains(.speech), let missing = voice.missing {
                throw ValidationError(
                    "\(game.name) with these options speaks words, and this machine cannot: \(missing)")
            }
            let now = GameTime(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
            let ruleSet = self.choice.rules ?? game.ruleSets[0]
            let (speed, seed, botSeats, given, toAsk) = (self.screen.speed, self.seed, bots, names, unnamed)
            let speak: PlayApp.Voice = { text in
                voice.speak?(text).flatMap { Data(base64Encoded: $0.data) }.map(Array.init)
            }
            let start: @Sendable ([SeatName: String]) -> LocalGame<S>? = { names in
                LocalGame<S>(
                    names: names, seats: seats, ruleSet: ruleSet, options: options, bots: botSeats, stepSeconds: speed,
                    seed: seed, origin: now, content: content)
            }
            guard !unnamed.isEmpty else {
                guard let local = start(names) else {
                    throw ValidationError("\(game.name) could not start with these settings")
                }
                try await PlayApp.run(local, voice: speak)
                return
            }
            // NB: the seeds' first screen: the names, with the game's own words for an empty one.
            let taken = Set(names.values.map(PlayerName.uniquenessKey))
            let prompt = NamePrompt(
                title: game.name, questions: unnamed.map { "Player \($0)'s name" }, emptyWarning: S.emptyNameWarning,
                maxCharacters: PlayerName.maxCharacters
            ) { name in
                if case .failure(let refusal) = PlayerName.validate(name) { return refusal.message }
                return taken.contains(PlayerName.uniquenessKey(name))
                    ? "\(name) is already playing; choose another name." : nil
            }
            try await PlayApp.run(asking: prompt, voice: speak) { answers in
                var all = given
                for (seat, name) in zip(toAsk, answers) { all[seat] = name }
                return start(all)
            }
        }

        /// The content a game's library options name, from the data folder (built-in names need none).
        private func content(of game: GameDescriptor, _ options: GameOptions) throws -> [String: GameContent] {
            var content: [String: GameContent] = [:]
            for option in game.options {
                guard case .library(let builtIn, _) = option.kind else { continue }
                let name = options.choice(option.name)
                if builtIn.contains(name) { continue }
                let store = try HostStore(folder: self.data, newHostID: { UUID().uuidString.lowercased() })
                guard let found = try store.content(game: game.id, name: name) else {
                    throw ValidationError("--option \(option.name): there is no \"\(name)\" in \(self.data)")
                }
                content[option.name] = found
            }
            return content
        }
    }
}
