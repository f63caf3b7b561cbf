import ArgumentParser
import Classroom
import GameKit
import Lobby
import Play
import Protocol

/// The game a command plays, its rule set and its table options, checked against the catalogue.
struct GameChoice: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The rule set of a table you open (the game's first by default): \(GameChoice.ruleSetList).",
            valueName: "name"))
    var rules: String?

    /// Each game's rule sets, for the help of --rules.
    static var ruleSetList: String {
        ScreenCatalog.classroom.games.map { "\($0.name): \($0.ruleSets.joined(separator: ", "))" }
            .joined(separator: "; ")
    }

    @Option(
        name: .customLong("option"),
        help: ArgumentHelp("A teacher option of a table you open, e.g. --option decisions=20.", valueName: "name=value")
    )
    var options: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The mode of a game that has one (spelling: pick, unscramble, hear); the same as --option mode=NAME.",
            valueName: "name"))
    var mode: String?

    /// The game's descriptor, or a usage error naming the games there are.
    static func descriptor(_ id: String) throws -> GameDescriptor {
        guard let game = ScreenCatalog.classroom.games.first(where: { $0.id == id }) else {
            let games = ScreenCatalog.classroom.games.map(\.id).joined(separator: ", ")
            throw ValidationError("there is no game \(id); the games are: \(games)")
        }
        return game
    }

    /// Checks the rule set and the options against a game, with the host's own check (each option
    /// against its declaration, then the game's relations between them, e.g. WhichBill's maxCents
    /// against its bills), so a refusal comes before the screen opens and names the option.
    /// - Parameters:
    ///   - game: the game.
    ///   - seats: the table's seats, when the command says (the game's default otherwise).
    func validate(for game: GameDescriptor, seats: Int? = nil) throws {
        if let rules, !game.ruleSets.contains(rules) {
            throw ValidationError(
                "--rules takes one of \(game.ruleSets.joined(separator: ", ")) for \(game.name), not \(rules)")
        }
        let options = try self.optionsJSON(for: game)
        for (name, json) in options where OptionValue(json: json) == nil {
            throw ValidationError("--option \(name) has no value")
        }
        let count = seats ?? game.defaultSeatCount
        if case .failure(let refusal) = GameCatalog.classroom.options(options, game: game.id, seats: count) {
            throw ValidationError("--option: \(refusal.message)")
        }
    }

    /// The options as `create-table` sends them.
    /// - Parameter game: the game, whose declarations say how to read a value: a list option takes one
    ///   name as a list of one (`--option bills=5`).
    /// - Returns: the options by name.
    func optionsJSON(for game: GameDescriptor) throws -> [String: JSONValue] {
        var options: [String: JSONValue] = [:]
        for text in self.options {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("--option takes name=value, not \(text)")
            }
            let declared = game.options.first { $0.name == parts[0] }
            if case .subset = declared?.kind {
                options[parts[0]] = .array(parts[1].split(separator: ",").map { .string(String($0)) })
            } else {
                options[parts[0]] = Self.json(parts[1])
            }
        }
        if let mode = self.mode {
            guard options["mode"] == nil || options["mode"] == .string(mode) else {
                throw ValidationError("--mode \(mode) and --option mode=... disagree; give one of them")
            }
            options["mode"] = .string(mode)
        }
        return options
    }

    /// A value typed on the command line: a whole number, true or false, a comma-separated list, or a name.
    static func json(_ text: String) -> JSONValue {
        if let number = Int(text) { return .number(Double(number)) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if text.contains(",") { return .array(text.split(separator: ",").map { .string(String($0)) }) }
        return .string(text)
    }
}
