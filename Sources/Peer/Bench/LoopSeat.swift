import GameKit
import NIOCore
import Protocol

/// The playing part of one seat of `tcnet bench net`, on its connection's event loop.
///
/// Set up (hello, table, seat, start line) runs as a task over a ``ClientConnection``; the moves then
/// run here, in the frame decoder's place at the head of the pipeline, so a message and the move
/// that answers it cost no hop between the event loop and a task, nor one between handlers. It says
/// `ready`, plays and asks for rematches until the stop rule says stop, then says `leave` and
/// completes its promise; the task then closes the connection.
final class LoopSeat<G: Game>: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the seat brings back: its counts, and why it stopped early if it did.
    struct Outcome: Sendable {
        var tally: NetLoadTally
        var failure: String?
    }

    // NB: the seat's state is only ever touched on its connection's event loop, one access at a time (the
    // frame decoder is even taken out while it hands frames over): the run-time exclusivity checks, a
    // thread-local lookup for each access of each property (1.6 % of the client's samples), are off.
    private let seat: String
    private let table: TableID
    private let firstSeat: Bool
    @exclusivity(unchecked) private var stop: StopRule
    @exclusivity(unchecked) private var frames: FrameDecoder
    @exclusivity(unchecked) private var player: SeatPlayer<G>
    @exclusivity(unchecked) private var tally: NetLoadTally
    /// The move in flight: its request's number (the seat numbers its requests) and when it was sent.
    ///
    /// NB: the number, not its `RequestID`: an optional tuple holding an enum with a string case was
    /// copied through the enum's value witnesses for every message read (0.9 % of the client's samples).
    @exclusivity(unchecked) private var pending: (id: Int64, sent: ContinuousClock.Instant)?
    @exclusivity(unchecked) private var nextID: Int64 = 1_000_000
    @exclusivity(unchecked) private var scratch = FrameScratch()
    private let done: EventLoopPromise<Outcome>
    @exclusivity(unchecked) private var finished = false
    /// What `channelRead` calls: ``read(context:_:)``.
    ///
    /// NB: the pipeline calls `channelRead` through `ChannelInboundHandler`'s witness, compiled once for
    /// every game; this closure is made in `init`, which the release build (optimised across modules,
    /// Package.swift) specialises where the game is known (``SeatRun``), and so is everything the closure
    /// calls: the parsing, the checks and the bot run with no generic metadata looked up per message.
    private let reader: (LoopSeat<G>, ChannelHandlerContext, ByteBuffer) -> Void

    init(
        run: SeatPlan, table: TableID, start: ContinuousClock.Instant, tally: NetLoadTally, frames: FrameDecoder,
        done: EventLoopPromise<Outcome>
    ) {
        self.seat = run.seat
        self.table = table
        self.firstSeat = run.seat == G.descriptor.seats[0]
        self.stop = StopRule(plan: run.plan.stop, start: start)
        self.frames = frames
        self.player = SeatPlayer<G>(table: table, seat: run.seat, bot: run.plan.bot, seed: run.seed)
        self.tally = tally
        self.done = done
        self.reader = { seat, context, buffer in seat.read(context: context, buffer) }
    }

    /// The seat's part of the plan.
    struct SeatPlan: Sendable {
        var seat: String
        var plan: NetLoadPlan
        var seed: UInt64
    }

    /// Says `ready`: the match starts when both seats have.
    ///
    /// NB: the seat asks for the connection's reads itself (auto-read off until it finishes): a read
    /// asked for here goes straight to the socket, not through the connection's reader at the tail.
    func begin(context: ChannelHandlerContext) throws {
        try context.channel.syncOptions?.setOption(.autoRead, value: false)
        context.read()
        self.send(.ready(TableRequest(table: self.table)), context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !self.finished else { return }
        self.reader(self, context, self.unwrapInboundIn(data))
    }

    /// Takes the frames a read completed, each copied once from the read's bytes (``FrameDecoder/take(_:_:)``).
    func read(context: ChannelHandlerContext, _ buffer: ByteBuffer) {
        // NB: the decoder is out of the seat while it hands over frames, so nothing a frame leads to can
        // reach it in the middle of its work.
        var frames = FrameDecoder()
        swap(&frames, &self.frames)
        defer { swap(&frames, &self.frames) }
        do {
            try buffer.withUnsafeReadableBytes { bytes in
                try frames.take(bytes) { payload in
                    self.take(payload, context: context)
                    return !self.finished
                }
            }
        } catch {
            self.finish(failure: "the host sent a bad frame: \(error)", context: context)
            context.close(promise: nil)
        }
    }

    /// Nothing reads after the seat while it plays (the connection's reader waits for its end); the seat
    /// asks for the next read.
    func channelReadComplete(context: ChannelHandlerContext) {
        guard self.finished else { return context.read() }
        context.fireChannelReadComplete()
    }

    private func take(_ payload: [UInt8], context: ChannelHandlerContext) {
        // NB: a `state` (nearly every message) is read straight into its `MatchUpdate`, not into a
        // `HostMessage`'s box on the heap for the player to copy it out of.
        if let (re, update) = MatchUpdate.scanning(payload) {
            let now = ContinuousClock.now
            let stopping = self.stop.timeIsUp(now: now)
            self.answered(re, byState: true, now: now, stopping: stopping)
            let desyncsBefore = self.player.desyncs.count
            let action = self.player.receive(state: update)
            return self.act(action, desyncsBefore: desyncsBefore, now: now, stopping: stopping, context: context)
        }
        let envelope: HostEnvelope
        switch WireCodec.decodeHost(payload) {
        case .success(let decoded): envelope = decoded
        case .failure(let problem) where problem.code == .unknownType: return
        case .failure(let problem):
            return self.finish(failure: "\(ClientConnection.Failure.badMessage(problem))", context: context)
        }
        self.receive(envelope, context: context)
    }

    private func receive(_ envelope: HostEnvelope, context: ChannelHandlerContext) {
        let now = ContinuousClock.now
        let stopping = self.stop.timeIsUp(now: now)
        var byState = false
        if case .state = envelope.message { byState = true }
        self.answered(envelope.re, byState: byState, now: now, stopping: stopping)
        switch envelope.message {
        case .error(let refusal) where !stopping:
            self.tally.noteError("seat \(self.seat) refused: \(refusal.code): \(refusal.message)")
        case .table(let update)
        where stopping && update.table.status == .waiting && self.player.mirror.state != nil:
            // NB: the opponent left at the end; nothing more will come.
            return self.finish(failure: nil, context: context)
        default:
            break
        }
        let desyncsBefore = self.player.desyncs.count
        let action = self.player.receive(envelope)
        self.act(action, desyncsBefore: desyncsBefore, now: now, stopping: stopping, context: context)
    }

    /// Notes the answer to the move in flight, when `re` names it: its round trip counts when a `state`
    /// answered it before the stop rule's time was up.
    private func answered(_ re: RequestID?, byState: Bool, now: ContinuousClock.Instant, stopping: Bool) {
        guard let move = self.pending, case .number(move.id)? = re else { return }
        self.pending = nil
        if byState, !stopping { self.tally.noteMove(roundTrip: move.sent.duration(to: now)) }
    }

    /// Does what the player said after a message.
    private func act(
        _ action: SeatPlayer<G>.Action, desyncsBefore: Int, now: ContinuousClock.Instant, stopping: Bool,
        context: ChannelHandlerContext
    ) {
        self.tally.desyncs += self.player.desyncs.count - desyncsBefore
        switch action {
        case .wait:
            return
        case .send(let message):
            if case .move = message {
                if stopping { return self.leave(context: context) }
                let sent = ContinuousClock.now
                self.pending = (self.send(message, context: context), sent)
            } else {
                self.send(message, context: context)
            }
        case .finished:
            if self.firstSeat { self.tally.games += 1 }
            if self.stop.gameEnded(now: now) { return self.leave(context: context) }
            self.send(.rematch(TableRequest(table: self.table)), context: context)
        }
    }

    /// Sends a request, numbered; returns its number.
    @discardableResult
    private func send(_ message: ClientMessage, context: ChannelHandlerContext) -> Int64 {
        let id = self.nextID
        self.nextID += 1
        // NB: framed in the seat's scratch buffer, reused once the last frame has gone out: no header, frame
        // and buffer made for each move.
        let payload = WireCodec.payload(ClientEnvelope(id: .number(id), message))
        let frame = self.scratch.frame(payload, allocator: context.channel.allocator)
        context.writeAndFlush(self.wrapOutboundOut(frame), promise: nil)
        return id
    }

    private func leave(context: ChannelHandlerContext) {
        self.send(.leave(TableRequest(table: self.table)), context: context)
        self.finish(failure: nil, context: context)
    }

    private func finish(failure: String?, context: ChannelHandlerContext) {
        guard !self.finished else { return }
        self.finished = true
        // NB: the connection reads again as before the seat took it, so what the host still sends until the
        // task closes it is read, not left in the socket (a closed channel refuses the option: no matter).
        try? context.channel.syncOptions?.setOption(.autoRead, value: true)
        self.done.succeed(Outcome(tally: self.tally, failure: failure))
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.finish(failure: "\(ClientConnection.Failure.closed)", context: context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.finish(failure: "\(ClientConnection.Failure.closed)", context: context)
    }
}
