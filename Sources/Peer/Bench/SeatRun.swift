import GameKit
import NIOCore
import Protocol

/// One seat of one match under load: connect, sit, wait at the start line, then play and rematch
/// until the plan says stop, timing each move's round trip.
struct SeatRun<G: Game> {
    /// The match's index in the plan.
    let index: Int
    /// The game's first seat (creates the table) or its second (joins it).
    let seat: String
    let plan: NetLoadPlan
    let startLine: StartLine
    private(set) var tally = NetLoadTally()
    private var arrived = false

    init(index: Int, seat: String, plan: NetLoadPlan, startLine: StartLine) {
        self.index = index
        self.seat = seat
        self.plan = plan
        self.startLine = startLine
    }

    /// Seat A's part: creates the table and hands its id over.
    mutating func run(group: any EventLoopGroup, creating handoff: NetLoad.TableHandoff.Continuation) async
        -> SeatOutcome
    {
        defer { handoff.finish() }
        return await self.run(group: group) { connection in
            let answer = try await connection.request(.createTable(CreateTable(game: G.descriptor.id, seats: 2)))
            guard case .table(let update) = answer.message else { throw LoadFailure.unexpected(answer.message) }
            handoff.yield(update.table.id)
            return update.table.id
        }
    }

    /// Seat B's part: waits for seat A's table.
    mutating func run(group: any EventLoopGroup, joining handoff: NetLoad.TableHandoff) async -> SeatOutcome {
        await self.run(group: group) { _ in
            for await table in handoff { return table }
            throw LoadFailure.partnerFailed
        }
    }

    private mutating func run(
        group: any EventLoopGroup, table: (inout ClientConnection) async throws -> TableID
    ) async -> SeatOutcome {
        do {
            let hello = Hello(name: self.plan.playerName(match: self.index, seat: self.seat), client: "tcnet-bench")
            try await ClientConnection.withConnection(
                host: self.plan.host, port: self.plan.port, hello: hello, group: group
            ) { connection in
                let id = try await table(&connection)
                let seated = try await connection.request(.sit(Sit(table: id, seat: self.seat)))
                guard case .table = seated.message else { throw LoadFailure.unexpected(seated.message) }
                self.arrived = true
                let start = await self.startLine.arrive()
                try await connection.send(.ready(TableRequest(table: id)))
                try await self.play(&connection, table: id, start: start)
            }
            return SeatOutcome(tally: self.tally, failed: false)
        } catch {
            if !self.arrived { await self.startLine.withdraw() }
            // NB: a seat cancelled because its partner failed, or whose partner never created the
            // table, is not a second error: the partner counted it.
            if !Task.isCancelled, !(error is LoadFailure && error as? LoadFailure == .partnerFailed) {
                self.tally.noteError("seat \(self.seat): \(error)")
            }
            return SeatOutcome(tally: self.tally, failed: true)
        }
    }

    /// Plays until the plan says stop, then leaves the table.
    private mutating func play(_ connection: inout ClientConnection, table: TableID, start: ContinuousClock.Instant)
        async throws
    {
        var stop = StopRule(plan: self.plan.stop, start: start)
        let seed = self.plan.seed &+ UInt64(2 * self.index) &+ (self.seat == G.descriptor.seats[0] ? 0 : 1)
        var player = SeatPlayer<G>(table: table, seat: self.seat, bot: self.plan.bot, seed: seed)
        var pending: (id: RequestID, sent: ContinuousClock.Instant)?
        while let envelope = try await connection.next() {
            let now = ContinuousClock.now
            let stopping = stop.timeIsUp(now: now)
            if let move = pending, envelope.re == move.id {
                pending = nil
                if case .state = envelope.message, !stopping {
                    self.tally.noteMove(roundTrip: move.sent.duration(to: now))
                }
            }
            switch envelope.message {
            case .error(let refusal) where !stopping:
                self.tally.noteError("seat \(self.seat) refused: \(refusal.code): \(refusal.message)")
            case .table(let update) where stopping && update.table.status == .waiting && player.mirror.state != nil:
                // NB: the opponent left at the end; nothing more will come.
                return
            default:
                break
            }
            let desyncsBefore = player.desyncs.count
            let action = player.receive(envelope)
            self.tally.desyncs += player.desyncs.count - desyncsBefore
            switch action {
            case .wait:
                continue
            case .send(let message):
                if case .move = message {
                    if stopping { return try await self.leave(&connection, table) }
                    let sent = ContinuousClock.now
                    pending = (try await connection.send(message), sent)
                } else {
                    try await connection.send(message)
                }
            case .finished:
                if self.seat == G.descriptor.seats[0] { self.tally.games += 1 }
                if stop.gameEnded(now: now) { return try await self.leave(&connection, table) }
                try await connection.send(.rematch(TableRequest(table: table)))
            }
        }
        throw ClientConnection.Failure.closed
    }

    private func leave(_ connection: inout ClientConnection, _ table: TableID) async throws {
        try await connection.send(.leave(TableRequest(table: table)))
    }
}

/// Why a seat of the load gave up.
enum LoadFailure: Error, Equatable, CustomStringConvertible {
    /// The host answered with something else than expected.
    case unexpected(String)
    /// The other seat failed before it could hand over the table.
    case partnerFailed

    static func unexpected(_ message: HostMessage) -> LoadFailure {
        if case .error(let refusal) = message { return .unexpected("\(refusal.code): \(refusal.message)") }
        return .unexpected("an unexpected \(message.type) message")
    }

    var description: String {
        switch self {
        case .unexpected(let what): "the host answered \(what)"
        case .partnerFailed: "the other seat failed before handing over its table"
        }
    }
}
