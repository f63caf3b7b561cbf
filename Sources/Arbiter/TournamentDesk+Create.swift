import GameKit
import Lobby
import Protocol
import Tournament

// MARK: - Creating a tournament: every setting checked before anything is kept

extension TournamentDesk {
    /// The longest tournament name.
    static let maxNameLength = 60

    mutating func create(_ request: TournamentCreate, catalog: GameCatalog) -> Result<TournamentRun, DeskRefusal> {
        let name = String(request.name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard (1...Self.maxNameLength).contains(name.count), !name.unicodeScalars.contains(where: Self.isControl) else {
            return .failure(
                DeskRefusal(
                    .invalidSetting, "a tournament's name has 1 to \(Self.maxNameLength) characters, on one line"))
        }
        guard let game = catalog.game(request.game)?.descriptor else {
            let offered = catalog.descriptors.map(\.id).joined(separator: ", ")
            return .failure(
                DeskRefusal(.noSuchGame, "this host offers no game \"\(request.game)\"; it offers: \(offered)"))
        }
        let format: TournamentFormat
        switch self.format(request, game: game) {
        case .success(let checked): format = checked
        case .failure(let refusal): return .failure(refusal)
        }
        let points: PointSystem
        switch Self.points(request.points) {
        case .success(let checked): points = checked
        case .failure(let refusal): return .failure(refusal)
        }
        if let ruleSet = request.ruleSet, !game.ruleSets.contains(ruleSet) {
            return .failure(
                DeskRefusal(
                    .noSuchRuleSet,
                    "\(game.name) has no rule set \"\(ruleSet)\"; "
                        + "choose one of: \(game.ruleSets.joined(separator: ", "))"
                ))
        }
        let seats = format.isPaired ? 2 : 1
        let given = request.options ?? [:]
        let options: GameOptions
        switch catalog.options(given, game: game.id, seats: seats) {
        case .success(let checked): options = checked
        case .failure(let refusal): return .failure(DeskRefusal(.invalidOption, refusal.message))
        }
        // NB: the options as tables list them (a challenge compares them with each play's table).
        let chosen = options.values.filter { given[$0.key] != nil }.mapValues(\.json)
        let grace = request.graceSeconds ?? 60
        let countdown = request.countdownSeconds ?? 10
        guard (0...3600).contains(grace), (0...120).contains(countdown) else {
            return .failure(DeskRefusal(.invalidSetting, "graceSeconds is 0 to 3600 and countdownSeconds 0 to 120"))
        }
        var bot: String?
        switch request.oddSeat ?? "bye" {
        case "bye": break
        case "bot":
            bot = request.bot ?? game.bots.first
            guard let chosen = bot, game.bots.contains(chosen) else {
                let offered = game.bots.isEmpty ? "it has none" : "it has " + game.bots.joined(separator: ", ")
                return .failure(
                    DeskRefusal(.noSuchBot, "\(game.name) has no bot \(bot ?? "") to fill an odd seat; \(offered)"))
            }
        case let other:
            return .failure(DeskRefusal(.invalidSetting, "oddSeat is bye or bot, not \(other)"))
        }
        let colour: Colour
        switch request.firstColour ?? "white" {
        case "white": colour = .white
        case "black": colour = .black
        case let other: return .failure(DeskRefusal(.invalidSetting, "firstColour is white or black, not \(other)"))
        }
        self.created += 1
        let state = TournamentState(
            id: "T\(self.created)", name: name, game: game.id, format: format, points: points, firstColour: colour)
        return .success(
            TournamentRun(
                number: self.created, state: state, ruleSet: request.ruleSet,
                options: request.options == nil ? nil : chosen,
                graceSeconds: grace, countdownSeconds: countdown, oddSeatBot: bot))
    }

    private func format(_ request: TournamentCreate, game: GameDescriptor) -> Result<TournamentFormat, DeskRefusal> {
        switch request.format {
        case "round-robin", "swiss":
            guard game.seatCounts.contains(2) else {
                return .failure(DeskRefusal(.invalidSetting, "\(game.name) is not played by two: try a challenge"))
            }
            if request.format == "swiss" {
                guard let rounds = request.rounds, (1...20).contains(rounds) else {
                    return .failure(DeskRefusal(.invalidSetting, "a Swiss tournament needs rounds, 1 to 20"))
                }
                return .success(.swiss(rounds: rounds))
            }
            let cycles = request.cycles ?? 1
            guard (1...2).contains(cycles) else {
                return .failure(DeskRefusal(.invalidSetting, "a round robin has 1 or 2 cycles, not \(cycles)"))
            }
            return .success(.roundRobin(cycles: cycles))
        case "challenge":
            guard game.seatCounts.contains(1) else {
                return .failure(
                    DeskRefusal(.invalidSetting, "a challenge needs a one-player game; \(game.name) is not one"))
            }
            guard let minutes = request.minutes, (1...600).contains(minutes) else {
                return .failure(DeskRefusal(.invalidSetting, "a challenge needs minutes, 1 to 600"))
            }
            return .success(.challenge(minutes: minutes))
        default:
            return .failure(
                DeskRefusal(.invalidSetting, "format is round-robin, swiss or challenge, not \(request.format)"))
        }
    }

    private static func points(_ values: PointValues?) -> Result<PointSystem, DeskRefusal> {
        guard let values else { return .success(.standard) }
        guard let win = Points.parse(values.win), let draw = Points.parse(values.draw),
            let loss = Points.parse(values.loss)
        else {
            return .failure(DeskRefusal(.invalidSetting, "points are numbers with at most one decimal, like 1, 0.5, 0"))
        }
        let system = PointSystem(win: win, draw: draw, loss: loss)
        if let problem = system.problem { return .failure(DeskRefusal(.invalidSetting, problem)) }
        return .success(system)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
