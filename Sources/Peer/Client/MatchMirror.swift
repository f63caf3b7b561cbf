import GameKit
import Protocol

/// A client's own copy of a match, re-derived from the moves with the client's own rules engine.
///
/// The host is the referee, but the client is not blind: each `state` that reports a move is
/// checked by applying that move (as this client may see it) to the state it holds (as it may see it)
/// and comparing the state hash. A state without a move (the
/// first one, a `sync`, an end by resignation) is adopted after checking that its hash is its own.
public struct MatchMirror<G: Game>: Sendable {
    /// What the mirror made of a `state` message.
    public enum Verdict: Sendable, Equatable {
        /// The host's state is the one the client computed.
        case verified
        /// A state without a move was taken as it is (its hash checked against itself).
        case adopted
        /// The host's state is not what the rules give, or a state was missed: ask for `sync`.
        case desync(reason: String)
    }

    /// The match's state as the client knows it, once it knows one; `nil` after a move that did not check
    /// out (refused by the client's rules, or leading to another hash), until the host's next full state.
    public private(set) var state: G.State?
    /// The table and match the mirror follows.
    public private(set) var table: TableID?
    public private(set) var match = 0
    /// The seq of `state`.
    public private(set) var seq = 0
    /// Whether the last verdict was a desync not yet repaired by an adopted state.
    public private(set) var needsSync = false

    /// Creates an empty mirror.
    public init() {}

    /// Checks a `state` message and brings the mirror up to date.
    /// - Parameter update: the message.
    /// - Returns: the verdict.
    public mutating func receive(_ update: MatchUpdate) -> Verdict {
        guard let last = update.last else {
            return self.adopt(update)
        }
        guard self.state != nil, self.table == update.table, self.match == update.match,
            self.seq == update.seq - 1, !self.needsSync
        else {
            return self.lose("state \(update.seq) of match \(update.match) does not follow the state the client holds")
        }
        let move: G.Move
        do {
            move = try last.decodeMove(of: G.self)
        } catch {
            return self.lose("the host reported a move the client cannot read: \(last.move)")
        }
        // NB: taken out while the move is applied, so its storage is the mirror's alone and changes in place:
        // a copy, with the mirror's still held, had each array in the state copy itself at its first change.
        // After a desync the mirror holds no state until an adopted one repairs it.
        guard var local = self.state.take() else { preconditionFailure("checked above") }
        // NB: the state alone: the `state` carries the events the client shows.
        if case .failure(let violation) = G.advance(move, by: last.seat.map(Mover.seat) ?? .host, to: &local) {
            return self.lose("the host accepted a move the client's rules refuse: \(violation.code)")
        }
        // NB: the hash compared without making its text; made only to say what differs.
        guard G.state(local, hashesTo: update.hash) else {
            return self.lose(
                "after move \(update.seq) the client computes hash \(G.hash(of: local)), the host says \(update.hash)")
        }
        self.state = local
        self.seq = update.seq
        return .verified
    }

    private mutating func adopt(_ update: MatchUpdate) -> Verdict {
        let decoded: G.State
        do {
            decoded = try update.decodeState(of: G.self)
        } catch {
            return self.lose("the host sent a state the client cannot read: \(error)")
        }
        guard G.state(decoded, hashesTo: update.hash) else {
            return self.lose("the host's state hashes to \(G.hash(of: decoded)), not to the \(update.hash) it claims")
        }
        self.state = decoded
        self.table = update.table
        self.match = update.match
        self.seq = update.seq
        self.needsSync = false
        return .adopted
    }

    private mutating func lose(_ reason: String) -> Verdict {
        self.needsSync = true
        return .desync(reason: reason)
    }
}
