import Protocol

/// Why the lobby refused a move before or inside the rules.
public enum MoveRefusal: Error, Sendable, Equatable {
    /// The move's JSON is not a move of this game.
    case malformed(String)
    /// The rules refuse it.
    case illegal(GameRuleViolation)
}

/// One match at a table, whatever its game: the lobby's view of a game's state.
public protocol AnyMatch: Sendable {
    /// The game's descriptor.
    var descriptor: GameDescriptor { get }
    /// Moves applied so far.
    var seq: Int { get }
    /// The seat to move; `nil` once over by the rules.
    var turn: String? { get }
    /// The winner by the rules (a seat or "draw"), once over.
    var winner: String? { get }
    /// Applies a move given as JSON; on success, returns the events as JSON, per viewer.
    mutating func apply(_ move: JSONValue) -> Result<MoveEffects, MoveRefusal>
    /// The state as a viewer sees it, and its hash.
    func snapshot(for viewer: Viewer) -> (state: JSONValue, hash: String)
    /// The hash of the full state.
    var hash: String { get }
    /// Whether every viewer sees the same snapshot and events (the game hides nothing).
    var sameForEveryViewer: Bool { get }
    /// A bot's move as JSON.
    func botMove(bot: String, seed: UInt64) -> JSONValue?
}

/// What an accepted move did, ready to send.
public struct MoveEffects: Sendable {
    /// The move as the game encodes it (normalised).
    public var move: JSONValue
    /// The events, filtered per viewer.
    public var events: @Sendable (Viewer) -> [JSONValue]
}

/// A match of a concrete game.
struct Match<Game: TurnBasedGame>: AnyMatch {
    var state: Game.State
    private(set) var seq = 0

    init?(ruleSet: String, firstSeat: String) {
        guard let state = Game.start(ruleSet: ruleSet, firstSeat: firstSeat) else { return nil }
        self.state = state
    }

    var descriptor: GameDescriptor { Game.descriptor }
    var turn: String? { Game.seatToMove(in: self.state) }
    var winner: String? { Game.winner(of: self.state) }
    var hash: String { Game.hash(of: self.state) }
    var sameForEveryViewer: Bool { !Game.hidesInformation }

    mutating func apply(_ move: JSONValue) -> Result<MoveEffects, MoveRefusal> {
        let decoded: Game.Move
        do {
            decoded = try move.decode(as: Game.Move.self)
        } catch {
            return .failure(.malformed("not a move of \(Game.descriptor.name): \(error)"))
        }
        switch Game.apply(decoded, to: &self.state) {
        case .failure(let violation):
            return .failure(.illegal(violation))
        case .success(let events):
            self.seq += 1
            if !Game.hidesInformation {
                // NB: one encoding for every viewer, since the game's filters show everything.
                let shared = events.map { JSONValue.encoding($0) }
                return .success(MoveEffects(move: JSONValue.encoding(decoded), events: { _ in shared }))
            }
            return .success(MoveEffects(
                move: JSONValue.encoding(decoded),
                events: { viewer in events.compactMap { Game.view(of: $0, for: viewer) }.map { JSONValue.encoding($0) } }))
        }
    }

    func snapshot(for viewer: Viewer) -> (state: JSONValue, hash: String) {
        let view = Game.view(of: self.state, for: viewer)
        return (JSONValue.encoding(view), Game.hash(of: view))
    }

    func botMove(bot: String, seed: UInt64) -> JSONValue? {
        Game.botMove(bot: bot, in: self.state, seed: seed).map { JSONValue.encoding($0) }
    }
}

/// The games a lobby offers, by id.
public struct GameCatalog: Sendable {
    private let games: [String: any TurnBasedGame.Type]
    private let order: [String]

    /// Creates a catalogue.
    /// - Parameter games: the games, in the order `welcome` lists them.
    public init(_ games: [any TurnBasedGame.Type]) {
        self.games = Dictionary(uniqueKeysWithValues: games.map { ($0.descriptor.id, $0) })
        self.order = games.map { $0.descriptor.id }
    }

    /// The descriptors, in order.
    public var descriptors: [GameDescriptor] {
        self.order.compactMap { self.games[$0]?.descriptor }
    }

    /// The game with this id.
    public func game(_ id: String) -> (any TurnBasedGame.Type)? {
        self.games[id]
    }

    /// Starts a match of a game.
    /// - Returns: the match, or `nil` when the game or rule set is unknown.
    public func startMatch(game id: String, ruleSet: String, firstSeat: String) -> (any AnyMatch)? {
        guard let game = self.games[id] else { return nil }
        return Self.start(game, ruleSet: ruleSet, firstSeat: firstSeat)
    }

    private static func start<Game: TurnBasedGame>(
        _: Game.Type, ruleSet: String, firstSeat: String
    ) -> (any AnyMatch)? {
        Match<Game>(ruleSet: ruleSet, firstSeat: firstSeat)
    }
}

extension GameCatalog {
    /// The games of the classroom: Tax Collection today; the others plug in here.
    public static let classroom = GameCatalog([TaxCollectionGame.self])
}
