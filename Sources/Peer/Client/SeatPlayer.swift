import GameKit
import Logging
import Protocol

/// Plays one seat of a match by itself: checks every state with a ``MatchMirror``, asks for `sync`
/// on a desync, and answers each of its turns with a bot's move.
///
/// Pure: it takes the host's messages and says what to send. `tcnet join --bot`, the tests and
/// `tcnet bench net` drive it over a real connection.
public struct SeatPlayer<G: Game>: Sendable {
    /// What to do after a message.
    public enum Action: Sendable, Equatable {
        /// Nothing to send.
        case wait
        /// Send this.
        case send(ClientMessage)
        /// The match is over.
        case finished(MatchResult)
    }

    /// The table played at.
    public let table: TableID
    /// The seat played.
    public let seat: String
    /// The bot that chooses the moves.
    public let bot: String
    /// The client's copy of the match.
    public private(set) var mirror = MatchMirror<G>()
    /// Every desync seen, with its reason.
    public private(set) var desyncs: [String] = []
    /// Moves this seat sent.
    public private(set) var movesSent = 0
    private var seed: UInt64
    private var pendingSeq: Int?

    /// Creates a player.
    /// - Parameters:
    ///   - table: the table.
    ///   - seat: the seat this player holds.
    ///   - bot: the bot's name, one of the game's `descriptor.bots`.
    ///   - seed: where the bot's random choices start.
    public init(table: TableID, seat: String, bot: String, seed: UInt64) {
        self.table = table
        self.seat = seat
        self.bot = bot
        self.seed = seed
    }

    /// Forgets the move in flight: after a dropped connection it may have been lost, so the resumed
    /// state's turn is played again.
    public mutating func reconnected() {
        self.pendingSeq = nil
    }

    /// Takes one message from the host.
    public mutating func receive(_ envelope: HostEnvelope) -> Action {
        guard case .state(let update) = envelope.message else { return .wait }
        return self.receive(state: update)
    }

    /// Takes one `state` from the host (``receive(_:)`` for a message known to be one).
    public mutating func receive(state update: MatchUpdate) -> Action {
        guard update.table == self.table else { return .wait }
        switch self.mirror.receive(update) {
        case .desync(let reason):
            self.desyncs.append(reason)
            self.pendingSeq = nil
            return .send(.sync(TableRequest(table: self.table)))
        case .verified, .adopted:
            break
        }
        if let result = update.result {
            return .finished(result)
        }
        let mine = update.toAct?.contains(self.seat) ?? (update.turn == self.seat)
        guard update.status == .playing, mine, self.pendingSeq != update.seq, let state = self.mirror.state
        else { return .wait }
        self.seed = self.seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        guard let move = G.botMove(bot: self.bot, seat: self.seat, in: state, seed: self.seed) else { return .wait }
        self.pendingSeq = update.seq
        self.movesSent += 1
        let written = EncodedJSON.move(move, of: G.self)
        return .send(.move(MoveRequest(table: self.table, seq: update.seq, writtenMove: written)))
    }
}

extension ClientConnection {
    /// Plays a seat over this connection until the match ends, logging every desync.
    /// - Parameters:
    ///   - player: the seat player; on return it holds the mirror and the desyncs seen.
    ///   - logger: where desyncs are reported.
    ///   - onMessage: called with every message received, before the player sees it.
    /// - Returns: how the match ended.
    /// - Throws: ``ClientConnection/Failure/closed`` if the host closes the connection first.
    public mutating func play<G: Game>(
        _ player: inout SeatPlayer<G>, logger: Logger, onMessage: (HostEnvelope) -> Void = { _ in }
    ) async throws -> MatchResult {
        while let envelope = try await self.next() {
            onMessage(envelope)
            let desyncsBefore = player.desyncs.count
            let action = player.receive(envelope)
            if player.desyncs.count > desyncsBefore, let reason = player.desyncs.last {
                logger.warning(
                    "desync: asking the host for a full sync",
                    metadata: ["table": "\(player.table)", "seat": "\(player.seat)", "reason": "\(reason)"])
            }
            switch action {
            case .wait: continue
            case .send(let message): try await self.send(message)
            case .finished(let result): return result
            }
        }
        throw Failure.closed
    }
}
