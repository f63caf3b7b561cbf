import GameKit
import Lobby
import Protocol

#if canImport(Glibc)
    import Glibc
#endif

/// The host's own work per move, without sockets, threads or disk: a `Lobby` refereeing many
/// matches of random bots, and every message it sends and every journal record encoded as the host
/// would write them (`tcnet bench lobby`).
///
/// The bots (``SeatPlayer``, which check every state with the game's rules) run in the same loop, and
/// read the host's messages from the bytes the host wrote, as clients do. The host's part is timed
/// apart: `Lobby.receive` and the encoding of what it returns, what `bench net`'s host CPU per move
/// would be with free I/O and no hand-offs between threads; so is the clients' part: reading the
/// host's messages (`WireCodec.decodeHost`), checking each state, and writing their own messages.
public enum LobbyLoad {
    /// What a run measured.
    public struct Result: Sendable {
        /// Moves the lobby accepted.
        public var moves = 0
        /// Games that ended.
        public var games = 0
        /// CPU time of the thread in the lobby and the host's encoding: of its messages, and of its journal's
        /// records when no journal was given (with one, the store writes them, in ``journalTime``).
        public var hostTime = Duration.zero
        /// CPU time of the thread in the bots' clients: reading the host's messages, checking the
        /// states, writing their own messages.
        public var clientTime = Duration.zero
        /// Allocations in the lobby and the host's encoding, when a counter was given.
        public var hostAllocations: UInt64?
        /// Bytes of messages the host would have sent, and of journal records it would have written.
        public var sentBytes = 0
        public var journalBytes = 0
        /// States the bots' own rules did not agree with.
        public var desyncs = 0
        /// Refusals the bots were sent; a sound run has none.
        public var refusals: [String] = []
        /// CPU time of the thread in the journal's commits, when a journal was given.
        public var journalTime: Duration?
        /// Transactions committed (every accepted move is in one).
        public var transactions = 0
        /// Why the journal refused a commit; the run commits nothing more after it.
        public var journalFailure: String?
    }

    /// Plays `games` games at each of `matches` tables, the tables' turns interleaved as a busy host's are.
    /// - Parameters:
    ///   - configuration: the lobby's configuration (its catalogue must hold `G`).
    ///   - game: the game played.
    ///   - matches: tables played at once.
    ///   - games: games per table.
    ///   - seed: where the bots' random choices start.
    ///   - allocations: reads a count of the process's allocations so far (the malloc counter of
    ///     Benchmarks/yardstick/, when preloaded), to count the host part's.
    ///   - journal: commits journal records in one transaction (a real store's `commit`), when given: a
    ///     round's records together, and its messages delivered only then, as the host sends nothing
    ///     before it is journalled; so a round holds at most one move of each table, as a busy host's
    ///     turn does (each match has one move in flight). Timed apart from the host's part.
    public static func run<G: Game>(
        configuration: LobbyConfiguration, game: G.Type, matches: Int, games: Int, seed: UInt64,
        allocations: (() -> UInt64)? = nil, journal: (([JournalEntry]) throws -> Void)? = nil
    ) -> Result {
        var bench = Bench<G>(lobby: Lobby(configuration: configuration), allocations: allocations, journal: journal)
        return bench.run(matches: matches, games: games, seed: seed)
    }

    private struct Bench<G: Game> {
        var lobby: Lobby
        var result = Result()
        var now = LobbyTime(milliseconds: 0)
        var connections: UInt64 = 0
        let allocations: (() -> UInt64)?
        /// Messages waiting for each bot, in order, read from the bytes the host wrote.
        var inbox: [ConnectionID: [HostEnvelope]] = [:]
        var requests: Int64 = 0
        let journal: (([JournalEntry]) throws -> Void)?
        /// The records for the journal's next commit, and the messages that go out once they are committed.
        var pending: [JournalEntry] = []
        var pendingPayloads: [(connection: ConnectionID, payload: [UInt8])] = []

        init(lobby: Lobby, allocations: (() -> UInt64)?, journal: (([JournalEntry]) throws -> Void)?) {
            self.lobby = lobby
            self.allocations = allocations
            self.journal = journal
            if allocations != nil { self.result.hostAllocations = 0 }
            if journal != nil { self.result.journalTime = .zero }
        }

        mutating func run(matches: Int, games: Int, seed: UInt64) -> Result {
            var seats: [(connection: ConnectionID, player: SeatPlayer<G>, games: Int)] = []
            for match in 0..<matches {
                let first = self.connect("a\(match)")
                self.send(.createTable(CreateTable(game: G.descriptor.id, seats: 2)), from: first)
                self.commitGroup()
                guard case .table(let update) = self.inbox[first]?.last?.message else {
                    self.result.refusals.append("createTable was not answered with its table")
                    return self.result
                }
                let second = self.connect("b\(match)")
                for (index, connection) in [first, second].enumerated() {
                    let seat = G.descriptor.seats[index]
                    self.send(.sit(Sit(table: update.table.id, seat: seat)), from: connection)
                    let player = SeatPlayer<G>(
                        table: update.table.id, seat: seat, bot: "random",
                        seed: seed &+ UInt64(2 * match + index))
                    seats.append((connection, player, 0))
                }
            }
            for seat in seats { self.send(.ready(TableRequest(table: seat.player.table)), from: seat.connection) }
            // NB: round robin over the bots, each answering what it was sent, until every table played its games;
            // with a journal, what a round sent is committed, then delivered, at its end.
            var busy = true
            while busy {
                busy = self.commitGroup()
                for index in seats.indices {
                    let connection = seats[index].connection
                    let envelopes = self.inbox.removeValue(forKey: connection) ?? []
                    if !envelopes.isEmpty { busy = true }
                    for envelope in envelopes {
                        if case .error(let refusal) = envelope.message {
                            self.result.refusals.append("\(refusal.code): \(refusal.message)")
                        }
                        let desyncs = seats[index].player.desyncs.count
                        let start = Self.threadTime()
                        let action = seats[index].player.receive(envelope)
                        self.result.clientTime += Self.threadTime() - start
                        self.result.desyncs += seats[index].player.desyncs.count - desyncs
                        // NB: a seat that saw a desync stops: asking a lying lobby for `sync` would go on for ever.
                        if !seats[index].player.desyncs.isEmpty { continue }
                        switch action {
                        case .wait: break
                        case .send(let message): self.send(message, from: connection)
                        case .finished:
                            seats[index].games += 1
                            if index % 2 == 0 { self.result.games += 1 }
                            if seats[index].games < games {
                                self.send(.rematch(TableRequest(table: seats[index].player.table)), from: connection)
                            }
                        }
                    }
                }
            }
            return self.result
        }

        private mutating func connect(_ name: String) -> ConnectionID {
            self.connections += 1
            let connection = ConnectionID(self.connections)
            let outcome = self.lobby.greet(
                Hello(name: name), re: .number(0), on: connection, now: self.now,
                player: PlayerID(rawValue: "p-\(self.connections)"),
                resumeToken: ResumeToken(rawValue: "token-\(self.connections)"))
            self.journalled(outcome.journal, sending: Self.encode(outcome).payloads)
            return connection
        }

        /// Delivers an outcome's messages at once, or, with a journal, keeps its records for the journal's
        /// next commit and its messages until then (the host sends nothing before it is journalled).
        private mutating func journalled(
            _ entries: [JournalEntry], sending payloads: [(connection: ConnectionID, payload: [UInt8])]
        ) {
            guard self.journal != nil else { return self.take(payloads) }
            self.pending.append(contentsOf: entries)
            self.pendingPayloads.append(contentsOf: payloads)
        }

        /// Commits the records kept in one transaction, as the host's journal commits a turn's, then
        /// delivers the messages kept.
        /// - Returns: whether it delivered any.
        @discardableResult
        private mutating func commitGroup() -> Bool {
            if let journal = self.journal, !self.pending.isEmpty, self.result.journalFailure == nil {
                let start = Self.threadTime()
                do {
                    try journal(self.pending)
                    self.result.transactions += 1
                } catch {
                    self.result.journalFailure = "\(error)"
                }
                self.result.journalTime? += Self.threadTime() - start
            }
            self.pending.removeAll(keepingCapacity: true)
            let payloads = self.pendingPayloads
            self.pendingPayloads.removeAll(keepingCapacity: true)
            self.take(payloads)
            return !payloads.isEmpty
        }

        private mutating func send(_ message: ClientMessage, from connection: ConnectionID) {
            self.requests += 1
            self.now = LobbyTime(milliseconds: self.now.milliseconds + 1)
            let envelope = ClientEnvelope(id: .number(self.requests), message)
            let isMove = if case .move = message { true } else { false }
            // NB: the client writes its message (the host's reading of it is not part of either figure); the
            // lobby takes it as the host's connection reads it.
            let written = Self.threadTime()
            let payload = WireCodec.payload(envelope)
            self.result.clientTime += Self.threadTime() - written
            let read = if case .success(let read) = WireCodec.decodeClient(payload) { read } else { envelope }
            let allocated = self.allocations?()
            let start = Self.threadTime()
            let outcome = self.lobby.receive(read, from: connection, now: self.now)
            let bytes = Self.encode(outcome)
            // NB: with a journal, the store writes the records' text in its commit (`journalTime`); here it
            // is written again only to count its bytes, outside the host's time.
            let journalBytes = self.journal == nil ? Self.journalBytes(outcome.journal) : nil
            self.result.hostTime += Self.threadTime() - start
            if let allocated, let count = self.allocations?() { self.result.hostAllocations? += count - allocated }
            self.result.sentBytes += bytes.sent
            self.result.journalBytes += journalBytes ?? Self.journalBytes(outcome.journal)
            if isMove, outcome.journal.contains(where: { if case .move = $0 { true } else { false } }) {
                self.result.moves += 1
            }
            self.journalled(outcome.journal, sending: bytes.payloads)
        }

        /// Each delivery read from its bytes, as its client reads it.
        private mutating func take(_ payloads: [(connection: ConnectionID, payload: [UInt8])]) {
            for (connection, payload) in payloads {
                let start = Self.threadTime()
                let read = WireCodec.decodeHost(payload)
                self.result.clientTime += Self.threadTime() - start
                switch read {
                case .success(let envelope): self.inbox[connection, default: []].append(envelope)
                case .failure(let problem): self.result.refusals.append("a client cannot read it: \(problem.message)")
                }
            }
        }

        /// The CPU time this thread has used: unlike the wall clock, it does not count the time the
        /// thread waited for a core on a busy machine.
        static func threadTime() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }

        /// Encodes an outcome's deliveries as the host does: each one's payload (one text per distinct
        /// message).
        private static func encode(
            _ outcome: LobbyOutcome
        ) -> (sent: Int, payloads: [(connection: ConnectionID, payload: [UInt8])]) {
            var payloads = BroadcastPayloads()
            var sent = 0
            var written: [(connection: ConnectionID, payload: [UInt8])] = []
            written.reserveCapacity(outcome.deliveries.count)
            for delivery in outcome.deliveries {
                let payload = payloads.payload(delivery.envelope)
                sent += payload.count
                written.append((delivery.connection, payload))
            }
            return (sent, written)
        }

        /// The bytes of the JSON of an outcome's journal records, written as the journal writes them.
        private static func journalBytes(_ entries: [JournalEntry]) -> Int {
            var bytes = 0
            for entry in entries {
                switch entry {
                case .move(let record): bytes += WireCodec.payload(record).count
                case .table(let record): bytes += WireCodec.payload(record).count
                case .archive(let record): bytes += WireCodec.payload(record).count
                case .player, .forgetPlayer, .tournament: break
                }
            }
            return bytes
        }
    }
}
