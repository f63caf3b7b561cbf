import GameKit
import NIOCore
import NIOEmbedded
import Protocol
import TaxCollectionRules
import Testing

@testable import Peer

/// `tcnet bench net`'s seat on the event loop (`LoopSeat`), driven message by message in an
/// `EmbeddedChannel`: what it sends, what it counts, and how it ends.
@Suite("Bench: a seat played on its event loop")
struct LoopSeatTests {
    typealias Game = TaxCollectionGame

    /// A seat A of a one-game plan in a channel, with its outcome once it has one.
    ///
    /// NB: unchecked: an `EmbeddedChannel` runs everything on the test's own thread.
    final class Harness: @unchecked Sendable {
        let channel = EmbeddedChannel()
        let reads = ReadCounter()
        var outcome: LoopSeat<Game>.Outcome?

        init() throws {
            let plan = NetLoadPlan(host: "127.0.0.1", port: 1, matches: 1, stop: .games(1), seed: 3)
            let done = self.channel.eventLoop.makePromise(of: LoopSeat<Game>.Outcome.self)
            let seat = LoopSeat<Game>(
                run: .init(seat: "A", plan: plan, seed: 3), table: "t1", start: .now, tally: NetLoadTally(),
                frames: FrameDecoder(), done: done)
            try self.channel.pipeline.syncOperations.addHandler(self.reads)
            try self.channel.pipeline.syncOperations.addHandler(seat)
            done.futureResult.whenSuccess { self.outcome = $0 }
            try seat.begin(context: try self.channel.pipeline.syncOperations.context(handler: seat))
        }

        /// The next message the seat wrote.
        func sent() throws -> ClientEnvelope? {
            guard var buffer = try self.channel.readOutbound(as: ByteBuffer.self) else { return nil }
            buffer.moveReaderIndex(forwardBy: 4)
            return try WireCodec.decodeClient(Array(buffer.readableBytesView)).get()
        }

        func receive(_ update: MatchUpdate, re: RequestID? = nil) throws {
            try self.receive(payload: WireCodec.payload(HostEnvelope(re: re, .state(update))))
        }

        /// One read of a whole frame around `payload`.
        func receive(payload: [UInt8]) throws {
            try self.channel.writeInbound(ByteBuffer(bytes: FrameEncoder.frame(payload)))
        }
    }

    /// Counts the reads asked for on their way to the socket (the seat turns auto-read off).
    final class ReadCounter: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = Any
        var count = 0

        func read(context: ChannelHandlerContext) {
            self.count += 1
            context.read()
        }
    }

    static func start() -> Game.State {
        let options = try! GameOptions.checking([:], against: Game.descriptor.options).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["A", "B"], firstSeat: "A", options: options,
            startedAt: GameTime(milliseconds: 1_700_000_000_000))
        var random = HostRandom(secret: Array("a match secret for the seat tests".utf8), step: 0)
        return Game.start(setup, random: &random)!
    }

    static func update(_ state: Game.State, seq: Int, last: PlayedMove? = nil, hash: String? = nil)
        -> MatchUpdate
    {
        MatchUpdate(
            table: "t1", match: 1, seq: seq, turn: Game.toAct(in: state).first, status: .playing,
            state: JSONValue.encoding(state), hash: hash ?? Game.hash(of: state), last: last)
    }

    @Test("it says ready, moves on its turn, counts the answer, asks for sync on a wrong hash, ends when closed")
    func plays() throws {
        let harness = try Harness()
        #expect(try harness.sent()?.message == .ready(TableRequest(table: "t1")))
        var state = Self.start()
        try harness.receive(Self.update(state, seq: 0))
        guard let sent = try harness.sent(), case .move(let request) = sent.message else {
            Issue.record("no move on the seat's turn")
            return
        }
        #expect(request.seq == 0)
        let move = try request.move.decode(as: Game.Move.self)
        guard case .success = Game.apply(move, by: .seat("A"), to: &state) else {
            Issue.record("the seat sent a move its rules refuse: \(move)")
            return
        }
        try harness.receive(Self.update(state, seq: 1, last: PlayedMove(seat: "A", move: request.move)), re: sent.id)
        #expect(try harness.sent() == nil, "B's turn: nothing to send")
        #expect(harness.outcome == nil)

        // A state whose hash is not its own: counted, and answered with sync.
        try harness.receive(Self.update(state, seq: 1, hash: String(repeating: "0", count: 64)))
        #expect(try harness.sent()?.message == .sync(TableRequest(table: "t1")))

        try harness.channel.close().wait()
        let outcome = try #require(harness.outcome)
        #expect(outcome.tally.moves == 1)
        #expect(outcome.tally.latencies.count == 1)
        #expect(outcome.tally.desyncs == 1)
        #expect(outcome.failure == "\(ClientConnection.Failure.closed)")
    }

    @Test("a payload it cannot read ends the seat with the problem, and nothing after it is taken")
    func badPayload() throws {
        let harness = try Harness()
        _ = try harness.sent()
        try harness.receive(payload: Array("{".utf8))
        let outcome = try #require(harness.outcome)
        #expect(outcome.failure?.contains("invalid-json") == true, "\(outcome.failure ?? "")")
        try harness.receive(Self.update(Self.start(), seq: 0))
        #expect(try harness.sent() == nil)
    }

    @Test("a message of a later revision is skipped, as ClientConnection skips it")
    func unknownType() throws {
        let harness = try Harness()
        _ = try harness.sent()
        try harness.receive(payload: Array(#"{"type":"from-the-future"}"#.utf8))
        #expect(harness.outcome == nil)
        try harness.receive(Self.update(Self.start(), seq: 0))
        if case .move = try harness.sent()?.message {} else { Issue.record("no move after the unknown message") }
    }

    @Test("frames are taken whole however the reads cut them, and each read asks for the next one")
    func framesAcrossReads() throws {
        let harness = try Harness()
        #expect(harness.reads.count == 1, "the first read is asked for at the start")
        _ = try harness.sent()
        let state = Self.start()
        // NB: a table message (nothing to answer) and the first state in one frame run, cut inside the state.
        let table = FrameEncoder.frame(
            WireCodec.payload(HostEnvelope(.table(TableUpdate(table: Self.table(status: .playing))))))
        let first = FrameEncoder.frame(WireCodec.payload(HostEnvelope(.state(Self.update(state, seq: 0)))))
        let bytes = table + first
        let cut = table.count + first.count / 2
        try harness.channel.writeInbound(ByteBuffer(bytes: bytes[..<cut]))
        #expect(try harness.sent() == nil, "half a state: nothing yet")
        #expect(harness.reads.count == 2)
        try harness.channel.writeInbound(ByteBuffer(bytes: bytes[cut...]))
        guard case .move(let request)? = try harness.sent()?.message else {
            Issue.record("no move once the state's frame was whole")
            return
        }
        #expect(request.seq == 0)
        #expect(harness.reads.count == 3)
        #expect(harness.outcome == nil)
    }

    @Test("a frame header it cannot take ends the seat and closes the connection")
    func badFrame() throws {
        let harness = try Harness()
        _ = try harness.sent()
        try harness.channel.writeInbound(ByteBuffer(bytes: [0, 0, 0, 0]))
        let outcome = try #require(harness.outcome)
        #expect(outcome.failure?.contains("bad frame") == true, "\(outcome.failure ?? "")")
        #expect(!harness.channel.isActive)
    }

    @Test("once it has finished the seat asks for no more reads")
    func noReadsAfterTheEnd() throws {
        let harness = try Harness()
        _ = try harness.sent()
        try harness.receive(payload: Array("{".utf8))
        #expect(harness.outcome != nil)
        let asked = harness.reads.count
        try harness.receive(Self.update(Self.start(), seq: 0))
        #expect(harness.reads.count == asked)
    }

    static func table(status: TableStatus) -> TableInfo {
        TableInfo(
            id: "t1", game: Game.descriptor.id, ruleSet: "classic", status: status,
            seats: [SeatInfo(seat: "A"), SeatInfo(seat: "B")], spectators: 0, graceSeconds: 120,
            onTimeout: .pause, match: 1)
    }
}
