import GameKit
import Protocol

/// The games a lobby offers, by id.
///
/// NB: the lobby names no game; the `tcnet` command assembles the catalogue (one line a game).
public struct GameCatalog: Sendable {
    /// One game of a catalogue: its type, and its matches' code compiled for it.
    public struct Entry: Sendable {
        let game: any Game.Type
        let matches: MatchCode

        /// The entry of a game named here, whose matches run the game's code specialised for it in a
        /// release build (``MatchCode``).
        public init<G: Game>(_ game: G.Type) {
            self.game = game
            self.matches = MatchCode(game)
        }
    }

    private let games: [String: Entry]
    private let order: [String]
    /// The games as `welcome` lists them, written once for every player.
    public let gameList: GameList

    /// Creates a catalogue.
    /// - Parameter games: the games, in the order `welcome` lists them.
    public init(_ games: [Entry]) {
        self.games = Dictionary(uniqueKeysWithValues: games.map { ($0.game.descriptor.id, $0) })
        self.order = games.map { $0.game.descriptor.id }
        self.gameList = .written(games.map { Self.info($0.game.descriptor) })
    }

    /// Creates a catalogue of games known only at run time (their matches run the games' code generic).
    /// - Parameter games: the games, in the order `welcome` lists them.
    public init(_ games: [any Game.Type]) {
        self.init(games.map { Entry($0) })
    }

    /// The descriptors, in order.
    public var descriptors: [GameDescriptor] {
        self.order.compactMap { self.games[$0]?.game.descriptor }
    }

    /// The game with this id.
    public func game(_ id: String) -> (any Game.Type)? {
        self.games[id]?.game
    }

    /// Starts a match of a game.
    /// - Parameters:
    ///   - id: the game's id.
    ///   - setup: what the match starts from.
    ///   - secret: the match's secret, for the host's randomness.
    /// - Returns: the match, or `nil` when the game or rule set is unknown.
    func startMatch(game id: String, _ setup: MatchSetup, secret: [UInt8]) -> ErasedMatch? {
        guard let entry = self.games[id] else { return nil }
        return ErasedMatch(entry.matches, setup, secret: secret)
    }

    /// Checks a table's options: each against its declaration, then the game's own relations.
    /// - Parameters:
    ///   - given: the options as `create-table` gave them.
    ///   - id: the game.
    ///   - seats: the table's seat count.
    /// - Returns: the checked options with defaults, or the refusal.
    public func options(
        _ given: [String: JSONValue], game id: String, seats: Int
    ) -> Result<GameOptions, OptionRefusal> {
        guard let game = self.games[id]?.game else { return .success(GameOptions(defaultsOf: [])) }
        var values: [String: OptionValue] = [:]
        for (name, json) in given {
            guard let value = OptionValue(json: json) else {
                return .failure(
                    OptionRefusal(
                        option: name,
                        message: "option \(name) must be a number, true or false, a string or a list of strings"))
            }
            values[name] = value
        }
        switch GameOptions.checking(values, against: game.descriptor.options) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let options):
            if let refusal = game.refusal(of: options, seats: seats) { return .failure(refusal) }
            return .success(options)
        }
    }

    /// What a game needs from the host for a table with these options.
    public func features(game id: String, options: GameOptions) -> Set<HostFeature> {
        self.games[id]?.game.features(for: options) ?? []
    }

    // MARK: Wire forms

    static func info(_ descriptor: GameDescriptor) -> GameInfo {
        GameInfo(
            id: descriptor.id, name: descriptor.name, seats: descriptor.seats, ruleSets: descriptor.ruleSets,
            minSeats: descriptor.seatCounts.lowerBound, maxSeats: descriptor.seatCounts.upperBound,
            defaultSeats: descriptor.defaultSeatCount,
            options: descriptor.options.isEmpty ? nil : descriptor.options.map(Self.info),
            bots: descriptor.bots.isEmpty ? nil : descriptor.bots, simultaneous: descriptor.simultaneous ? true : nil)
    }

    static func info(_ option: GameOption) -> OptionInfo {
        switch option.kind {
        case .integer(let min, let max, let step, let value):
            OptionInfo(
                name: option.name, summary: option.summary, kind: "integer", min: min, max: max,
                step: step > 1 ? step : nil, default: .number(Double(value)))
        case .toggle(let value):
            OptionInfo(name: option.name, summary: option.summary, kind: "toggle", default: .bool(value))
        case .choice(let names, let value):
            OptionInfo(
                name: option.name, summary: option.summary, kind: "choice", values: names, default: .string(value))
        case .subset(let names, let value):
            OptionInfo(
                name: option.name, summary: option.summary, kind: "subset", values: names,
                default: .array(value.map(JSONValue.string)))
        case .library(let builtIn, let value):
            OptionInfo(
                name: option.name, summary: option.summary, kind: "library", values: builtIn, default: .string(value))
        }
    }

    /// Checked options as JSON, for `table` and the journal.
    static func json(_ options: GameOptions) -> [String: JSONValue] {
        options.values.mapValues(\.json)
    }
}
