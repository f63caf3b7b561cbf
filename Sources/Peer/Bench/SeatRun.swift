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

    /// Plays on the connection's event loop (``LoopSeat``) until the plan says stop and the seat has
    /// left the table.
    private mutating func play(_ connection: inout ClientConnection, table: TableID, start: ContinuousClock.Instant)
        async throws
    {
        let seed = self.plan.seed &+ UInt64(2 * self.index) &+ (self.seat == G.descriptor.seats[0] ? 0 : 1)
        let run = LoopSeat<G>.SeatPlan(seat: self.seat, plan: self.plan, seed: seed)
        let channel = connection.channelForHandOver
        let done = channel.eventLoop.makePromise(of: LoopSeat<G>.Outcome.self)
        let tally = self.tally
        channel.eventLoop.execute {
            do {
                let pipeline = channel.pipeline.syncOperations
                // NB: the seat takes the frame decoder's place, with what it holds: a message is then one
                // handler's work, not a hop through the pipeline and a cast from `NIOAny`.
                let frames = try pipeline.handler(type: ClientFrameHandler.self)
                let seat = LoopSeat<G>(
                    run: run, table: table, start: start, tally: tally, frames: frames.decoder, done: done)
                try pipeline.addHandler(seat, position: .before(frames))
                pipeline.removeHandler(frames, promise: nil)
                try seat.begin(context: try pipeline.context(handler: seat))
            } catch {
                done.fail(error)
            }
        }
        // NB: a cancelled seat (its partner failed, or the load was cut off) closes its connection,
        // which ends the loop's part.
        let outcome = try await withTaskCancellationHandler {
            try await done.futureResult.get()
        } onCancel: {
            channel.close(promise: nil)
        }
        self.tally = outcome.tally
        if let failure = outcome.failure { throw LoadFailure.broken(failure) }
    }
}

/// Why a seat of the load gave up.
enum LoadFailure: Error, Equatable, CustomStringConvertible {
    /// The host answered with something else than expected.
    case unexpected(String)
    /// The other seat failed before it could hand over the table.
    case partnerFailed
    /// The connection broke, or the host sent what the client cannot read, while playing.
    case broken(String)

    static func unexpected(_ message: HostMessage) -> LoadFailure {
        if case .error(let refusal) = message { return .unexpected("\(refusal.code): \(refusal.message)") }
        return .unexpected("an unexpected \(message.type) message")
    }

    var description: String {
        switch self {
        case .unexpected(let what): "the host answered \(what)"
        case .partnerFailed: "the other seat failed before handing over its table"
        case .broken(let what): what
        }
    }
}
