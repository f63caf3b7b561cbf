import GameKit
import Protocol

/// Why the lobby refused a move before or inside the rules.
public enum MoveRefusal: Error, Sendable, Equatable {
    /// The move's JSON is not a move of this game.
    case malformed(String)
    /// The rules refuse it.
    case illegal(GameRuleViolation)
}

/// What an accepted move did, ready to send.
public struct MoveEffects: Sendable {
    /// The prepared move as the game encodes it, written: what the journal keeps.
    public var move: EncodedJSON
    private let views: Views

    /// What each viewer sees of the move.
    ///
    /// NB: a game that hides nothing shows every viewer the same move and events, written once: held as
    /// values, not as two closures returning them (`Lobby.play` 181 instructions a move fewer under
    /// callgrind, `tcnet bench lobby`; no allocation fewer: the closures' contexts were not on the heap).
    private enum Views: Sendable {
        /// Every viewer sees the move as it is, and these events.
        case shared(events: EncodedJSON)
        /// The game filters what each viewer sees.
        case filtered(move: @Sendable (Viewer) -> EncodedJSON, events: @Sendable (Viewer) -> EncodedJSON)
    }

    /// A move every viewer sees whole, with its events as they are.
    init(move: EncodedJSON, events: EncodedJSON) {
        self.move = move
        self.views = .shared(events: events)
    }

    /// A move whose game filters the move and the events for each viewer.
    init(
        move: EncodedJSON, moveView: @escaping @Sendable (Viewer) -> EncodedJSON,
        events: @escaping @Sendable (Viewer) -> EncodedJSON
    ) {
        self.move = move
        self.views = .filtered(move: moveView, events: events)
    }

    /// The move as `viewer` may see it, written.
    public func moveView(_ viewer: Viewer) -> EncodedJSON {
        switch self.views {
        case .shared: self.move
        case .filtered(let view, _): view(viewer)
        }
    }

    /// The events as `viewer` may see them, written as a message carries them (one JSON array).
    public func events(_ viewer: Viewer) -> EncodedJSON {
        switch self.views {
        case .shared(let events): events
        case .filtered(_, let view): view(viewer)
        }
    }
}

/// A match of a concrete game; the lobby holds it as an ``ErasedMatch``, which runs its code specialised.
struct Match<G: Game>: Sendable {
    var state: G.State
    private(set) var seq = 0

    init?(_ setup: MatchSetup, secret: [UInt8]) {
        var random = HostRandom(secret: secret, step: 0)
        guard let state = G.start(setup, random: &random) else { return nil }
        self.state = state
    }

    var toAct: [SeatName] { G.toAct(in: self.state) }
    var result: GameResult? { G.result(of: self.state) }
    var deadline: GameTime? { G.deadline(of: self.state) }
    var hash: String { G.hash(of: self.state) }
    var fullState: JSONValue { JSONValue.encoding(self.state) }
    var writtenFullState: EncodedJSON { EncodedJSON.state(self.state, of: G.self) }

    mutating func play(_ move: IncomingMove, by mover: Mover, secret: [UInt8]) -> Result<MoveEffects, MoveRefusal> {
        let decoded: G.Move
        do {
            decoded = try move.decode(of: G.self)
        } catch {
            return .failure(.malformed("not a move of \(G.descriptor.name): \(error)"))
        }
        var random = HostRandom(secret: secret, step: UInt64(self.seq + 1))
        return self.apply(G.prepare(decoded, by: mover, in: self.state, random: &random), by: mover)
    }

    mutating func replay(_ move: JSONValue, by mover: Mover) -> Result<MoveEffects, MoveRefusal> {
        do {
            return self.apply(try move.decodeMove(of: G.self), by: mover)
        } catch {
            return .failure(.malformed("not a move of \(G.descriptor.name): \(error)"))
        }
    }

    private mutating func apply(_ move: G.Move, by mover: Mover) -> Result<MoveEffects, MoveRefusal> {
        switch G.apply(move, by: mover, to: &self.state) {
        case .failure(let violation):
            return .failure(.illegal(violation))
        case .success(let events):
            self.seq += 1
            let encoded = EncodedJSON.move(move, of: G.self)
            if !G.hidesInformation {
                // NB: one encoding for every viewer, since the game's filters show everything.
                return .success(MoveEffects(move: encoded, events: EncodedJSON.events(events, of: G.self)))
            }
            return .success(
                MoveEffects(
                    move: encoded,
                    moveView: { viewer in EncodedJSON.move(G.view(of: move, for: viewer), of: G.self) },
                    events: { viewer in
                        EncodedJSON.events(events.compactMap { G.view(of: $0, for: viewer) }, of: G.self)
                    }))
        }
    }

    func hostMove(_ cause: HostCause) -> JSONValue? {
        G.hostMove(cause, in: self.state).map { JSONValue.encodingMove($0, of: G.self) }
    }

    func botMove(bot: String, seat: SeatName, seed: UInt64) -> JSONValue? {
        let view = G.view(of: self.state, for: .seat(seat))
        return G.botMove(bot: bot, seat: seat, in: view, seed: seed).map { JSONValue.encodingMove($0, of: G.self) }
    }

    func encodedSnapshot(for viewer: Viewer, fullHash: String?) -> (state: EncodedJSON, hash: String) {
        let view = G.view(of: self.state, for: viewer)
        let known = G.hidesInformation ? nil : fullHash
        return (EncodedJSON.state(view, of: G.self), known ?? G.hash(of: view))
    }

    var fullSnapshot: (state: JSONValue, hash: String) { (JSONValue.encoding(self.state), G.hash(of: self.state)) }

    func endedResult(reason: String, last: Set<SeatName>, draw: Bool) -> GameResult {
        G.endedResult(of: self.state, reason: reason, last: last, draw: draw)
    }

    func speech(for viewer: Viewer) -> String? { G.speech(in: self.state, for: viewer) }
}

/// A move to play: one a client sent in a `move` (its text read by the game's reader when the game has
/// one: ``MoveRequest/decodeMove(of:)``), or one the host made (a bot's, the game's own) as JSON.
public enum IncomingMove: Sendable {
    case sent(MoveRequest)
    case made(JSONValue)

    /// The move as a game's move.
    public func decode<G: Game>(of _: G.Type) throws -> G.Move {
        switch self {
        case .sent(let request): try request.decodeMove(of: G.self)
        case .made(let move): try move.decodeMove(of: G.self)
        }
    }
}
