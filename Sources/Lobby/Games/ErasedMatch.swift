import GameKit
import Protocol

/// One match at a table, whatever its game: the lobby's view of a game's state, over JSON; the match's
/// value in a box, and its game's code.
///
/// NB: `Match<G>` itself behind a protocol (`any AnyMatch`) ran generic whatever the game: a generic
/// type's conformance has one witness table, whose witnesses are handed the game's type and look its
/// types up as they go. This calls ``MatchCode``'s closures, compiled for the game where the catalogue
/// names it: 1 130 fewer instructions a move in `bench lobby` (docs/BENCHMARKS.md, thirty-first round).
/// A table holds it as itself: each copy of the existential went through the value's witnesses (458 more
/// instructions a move; thirty-second round), and the protocol had no other conformance.
struct ErasedMatch: Sendable {
    /// The match and its game's code; copied before a change when another copy of this value shares it.
    ///
    /// NB: one reference, so a copy of the match (a table's, a lookup's) retains one object.
    private var storage: MatchStorage
    private var code: MatchCode { self.storage.code }

    init?(_ code: MatchCode, _ setup: MatchSetup, secret: [UInt8]) {
        guard let storage = code.start(setup, secret, code) else { return nil }
        self.storage = storage
    }

    /// The game's descriptor.
    var descriptor: GameDescriptor { self.code.descriptor }
    /// Moves applied so far.
    var seq: Int { self.code.seq(self.storage) }
    /// The seats that may move now; empty once the match is over by the rules.
    var toAct: [SeatName] { self.code.toAct(self.storage) }
    /// How the match ended by the rules, once it has.
    var result: GameResult? { self.code.result(self.storage) }
    /// When the host must make the game's deadline move.
    var deadline: GameTime? { self.code.deadline(self.storage) }
    /// The hash of the full state.
    var hash: String { self.code.hash(self.storage) }
    /// The full state, as the host holds it, in the game's JSON.
    var fullState: JSONValue { self.code.fullState(self.storage) }
    /// The full state, written (what a finished match's archive keeps of its first and last states).
    var writtenFullState: EncodedJSON { self.code.writtenFullState(self.storage) }
    /// Whether every viewer sees the same snapshot, events and moves (the game hides nothing).
    var sameForEveryViewer: Bool { self.code.sameForEveryViewer }
    /// The full state, unfiltered, and its hash (the journal's; only a broken referee sends it).
    var fullSnapshot: (state: JSONValue, hash: String) { self.code.fullSnapshot(self.storage) }

    /// Prepares (with the host's randomness for this step) and applies a move given as JSON.
    /// - Parameters:
    ///   - move: the move as the mover sent it, or as the host made it.
    ///   - mover: who moves.
    ///   - secret: the match's secret, for ``HostRandom``.
    /// - Returns: what the move did, ready to journal and send; or why it is refused.
    mutating func play(_ move: IncomingMove, by mover: Mover, secret: [UInt8]) -> Result<MoveEffects, MoveRefusal> {
        self.makeUnique()
        return self.code.play(self.storage, move, mover, secret)
    }

    /// Applies a prepared move from the journal (no randomness is drawn).
    mutating func replay(_ move: JSONValue, by mover: Mover) -> Result<MoveEffects, MoveRefusal> {
        self.makeUnique()
        return self.code.replay(self.storage, move, mover)
    }

    /// The game's own move for the table, as JSON, if it has one for this cause.
    func hostMove(_ cause: HostCause) -> JSONValue? { self.code.hostMove(self.storage, cause) }

    /// A bot's move for a seat, as JSON.
    func botMove(bot: String, seat: SeatName, seed: UInt64) -> JSONValue? {
        self.code.botMove(self.storage, bot, seat, seed)
    }

    /// The state as a viewer sees it, written as every message carries it, and its hash.
    /// - Parameter fullHash: the full state's hash, when the caller has it: a game that hides nothing
    ///   shows every viewer the full state, whose hash is then not computed again.
    func encodedSnapshot(for viewer: Viewer, fullHash: String?) -> (state: EncodedJSON, hash: String) {
        self.code.encodedSnapshot(self.storage, viewer, fullHash)
    }

    /// The result of a match ended from outside the rules.
    func endedResult(reason: String, last: Set<SeatName>, draw: Bool) -> GameResult {
        self.code.endedResult(self.storage, reason, last, draw)
    }

    /// What the host speaks to a viewer now, if anything.
    func speech(for viewer: Viewer) -> String? { self.code.speech(self.storage, viewer) }

    /// Copies the match before a change when another value shares it (a table copied while it played).
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&self.storage) { self.storage = self.code.copy(self.storage) }
    }
}

/// A match's value, in a box of its own (``MatchBox``), with its game's code.
class MatchStorage: @unchecked Sendable {
    let code: MatchCode

    init(code: MatchCode) {
        self.code = code
    }
}

/// A match of one game, boxed.
///
/// NB: `@unchecked Sendable`: only an ``ErasedMatch`` that holds the only reference changes it; any other
/// holder copies it first (``ErasedMatch/makeUnique()``), as a value would be.
final class MatchBox<G: Game>: MatchStorage, @unchecked Sendable {
    // NB: no run-time exclusivity check: only the closures of its code reach it, one at a time.
    @exclusivity(unchecked) var match: Match<G>

    init(_ match: Match<G>, code: MatchCode) {
        self.match = match
        super.init(code: code)
    }

    /// The box a ``MatchCode`` for `G` made: its `start` and `copy` make every box its closures get.
    static func of(_ storage: MatchStorage) -> MatchBox<G> { unsafeDowncast(storage, to: MatchBox<G>.self) }

    /// Runs `body` on the match in its box, in place.
    ///
    /// NB: `inout`, also to read: a read of the class's property copied the match (its state's arrays
    /// retained and released) for each call.
    @inline(__always)
    static func with<Result>(_ storage: MatchStorage, _ body: (inout Match<G>) -> Result) -> Result {
        body(&Self.of(storage).match)
    }
}

/// A game's match code, compiled for the game: what an ``ErasedMatch`` calls.
///
/// NB: made by ``init(_:)`` where a catalogue line names the game (``GameCatalog/Entry/init(_:)``); the
/// closures, made in a generic function that the release build specialises for the game it is called
/// with, run the game's code directly. Made from a game known only at run time, they run generic, as
/// `Match<G>` did before.
final class MatchCode: Sendable {
    let descriptor: GameDescriptor
    let sameForEveryViewer: Bool
    let start: @Sendable (MatchSetup, [UInt8], MatchCode) -> MatchStorage?
    let copy: @Sendable (MatchStorage) -> MatchStorage
    let seq: @Sendable (MatchStorage) -> Int
    let toAct: @Sendable (MatchStorage) -> [SeatName]
    let result: @Sendable (MatchStorage) -> GameResult?
    let deadline: @Sendable (MatchStorage) -> GameTime?
    let hash: @Sendable (MatchStorage) -> String
    let fullState: @Sendable (MatchStorage) -> JSONValue
    let writtenFullState: @Sendable (MatchStorage) -> EncodedJSON
    let fullSnapshot: @Sendable (MatchStorage) -> (state: JSONValue, hash: String)
    let play: @Sendable (MatchStorage, IncomingMove, Mover, [UInt8]) -> Result<MoveEffects, MoveRefusal>
    let replay: @Sendable (MatchStorage, JSONValue, Mover) -> Result<MoveEffects, MoveRefusal>
    let hostMove: @Sendable (MatchStorage, HostCause) -> JSONValue?
    let botMove: @Sendable (MatchStorage, String, SeatName, UInt64) -> JSONValue?
    let encodedSnapshot: @Sendable (MatchStorage, Viewer, String?) -> (state: EncodedJSON, hash: String)
    let endedResult: @Sendable (MatchStorage, String, Set<SeatName>, Bool) -> GameResult
    let speech: @Sendable (MatchStorage, Viewer) -> String?

    init<G: Game>(_: G.Type) {
        typealias Box = MatchBox<G>
        self.descriptor = G.descriptor
        self.sameForEveryViewer = !G.hidesInformation
        self.start = { setup, secret, code in Match<G>(setup, secret: secret).map { Box($0, code: code) } }
        self.copy = { Box(Box.of($0).match, code: $0.code) }
        self.seq = { Box.with($0) { $0.seq } }
        self.toAct = { Box.with($0) { $0.toAct } }
        self.result = { Box.with($0) { $0.result } }
        self.deadline = { Box.with($0) { $0.deadline } }
        self.hash = { Box.with($0) { $0.hash } }
        self.fullState = { Box.with($0) { $0.fullState } }
        self.writtenFullState = { Box.with($0) { $0.writtenFullState } }
        self.fullSnapshot = { Box.with($0) { $0.fullSnapshot } }
        self.play = { storage, move, mover, secret in Box.with(storage) { $0.play(move, by: mover, secret: secret) } }
        self.replay = { storage, move, mover in Box.with(storage) { $0.replay(move, by: mover) } }
        self.hostMove = { storage, cause in Box.with(storage) { $0.hostMove(cause) } }
        self.botMove = { storage, bot, seat, seed in
            Box.with(storage) { $0.botMove(bot: bot, seat: seat, seed: seed) }
        }
        self.encodedSnapshot = { storage, viewer, hash in
            Box.with(storage) { $0.encodedSnapshot(for: viewer, fullHash: hash) }
        }
        self.endedResult = { storage, reason, last, draw in
            Box.with(storage) { $0.endedResult(reason: reason, last: last, draw: draw) }
        }
        self.speech = { storage, viewer in Box.with(storage) { $0.speech(for: viewer) } }
    }
}
