import NIOCore
import NIOPosix
import Storage
import Synchronization

/// `tcnet bench relay`: Benchmarks/net/floor.c's relay written with SwiftNIO, on one event loop, for
/// floor.c's load (`floor --target PORT`) to measure. Between the C relay and a `tcnet host` it gives the
/// part of a move's cost that is NIO's and the part that is tcnet's lobby, game and JSON.
///
/// The wire is floor.c's, not tcnet/1: connections pair by the order they are accepted (seats 2k and 2k+1
/// play match k); a move is any frame (a 4-byte big-endian length, then that many bytes) from either seat;
/// each move is answered with a frame of 550 bytes to both seats of its match, its first 4 bytes the move's
/// number in its match. The moves read in one pass of the loop are committed in one transaction of the
/// ``FloorJournal`` (when there is one) before any of their answers is written, after the pass's reads,
/// as tcnet's lobby takes a pass's messages (D-1 and its group commit).
///
/// Answers are written either as a NIO program writes (``Writes/pipeline``: `writeAndFlush` on the
/// channel) or as tcnet's host writes a turn's states (``Writes/direct``: ``FramedWriter``, straight to
/// the socket).
public final class RelayFloor: Sendable {
    /// How the answers are written.
    public enum Writes: String, CaseIterable, Sendable {
        /// Through the channel's pipeline: `writeAndFlush`, one answer at a time.
        case pipeline
        /// Straight to the socket while the channel holds nothing back (``FramedWriter``).
        case direct
    }

    /// The largest frame a seat may send; a longer one closes the relay with a failure.
    public static let largestFrame = 1 << 16
    /// An answer's payload, in bytes (a `state`'s size after a Tax Collection move, as floor.c's).
    public static let answerBytes = 550

    /// The port the relay listens on, on 127.0.0.1.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let server: any Channel
    private let room: RelayRoom
    private let stopping = Mutex(false)

    private init(port: Int, group: MultiThreadedEventLoopGroup, server: any Channel, room: RelayRoom) {
        self.port = port
        self.group = group
        self.server = server
        self.room = room
    }

    /// Starts a relay on 127.0.0.1 for `matches` matches.
    /// - Parameters:
    ///   - matches: the matches the load plays: it accepts `2 × matches` connections and closes any more.
    ///   - port: the port to listen on; 0 for one the system picks.
    ///   - writes: how answers are written.
    ///   - journal: where the moves are committed before their answers; `nil` commits nothing.
    public static func start(matches: Int, port: Int = 0, writes: Writes, journal: FloorJournal?) async throws
        -> RelayFloor
    {
        precondition(matches >= 1, "a relay plays at least one match")
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let room = RelayRoom(seats: 2 * matches, writes: writes, journal: journal, loop: loop)
        do {
            let server = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 4096)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(RelaySeatHandler(room: room))
                    }
                }
                .bind(host: "127.0.0.1", port: port)
                .get()
            guard let bound = server.localAddress?.port else { throw RelayRoom.Failure("the relay has no port") }
            return RelayFloor(port: bound, group: group, server: server, room: room)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// What the relay did: its moves and transactions, and why it stopped early, if it did.
    public struct Summary: Sendable, Equatable {
        public var moves: Int
        public var transactions: Int
        /// Why the relay stopped before its load left (a seat's bad frame, the journal's error); `nil`
        /// when it did not.
        public var failure: String?
    }

    /// Waits until the load has left (a seat's connection closed), the relay failed or it was stopped.
    public func finished() async -> Summary {
        await self.room.outcome.wait()
    }

    /// Stops listening, closes every seat and ends the event loop; once (a later call returns at once).
    ///
    /// NB: once, because a task given to a loop that has shut down is dropped, and its future never
    /// completes: a second stop would wait forever.
    public func stop() async {
        let first = self.stopping.withLock { stopping in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        try? await self.server.close()
        let closed = try? await self.room.loop.submit {
            self.room.end(failure: nil)
            return self.room.closeFutures
        }.get()
        if let closed { try? await EventLoopFuture.andAllComplete(closed, on: self.room.loop).get() }
        try? await self.group.shutdownGracefully()
    }
}

/// The relay's seats, moves and journal, confined to its event loop.
///
/// NB: `@unchecked Sendable` because it is reached from its handlers, all on its one loop (the promise
/// is the only part another thread waits on).
private final class RelayRoom: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    struct Seat {
        let channel: any Channel
        let writer: FramedWriter?
    }

    /// The summary, once the relay has ended; awaited from any thread.
    ///
    /// NB: not an `EventLoopPromise`: a future's callbacks run on its loop, and a caller may wait once the
    /// loop is gone.
    let outcome = RelayOutcome()
    let loop: any EventLoop
    private let writes: RelayFloor.Writes
    private let journal: FloorJournal?
    private let capacity: Int
    private var seats: [Seat] = []
    private var seqs: [Int]
    private var pending: [(match: Int, seq: Int)] = []
    private var settling = false
    private var moves = 0
    private var done = false

    init(seats: Int, writes: RelayFloor.Writes, journal: FloorJournal?, loop: any EventLoop) {
        self.capacity = seats
        self.writes = writes
        self.journal = journal
        self.loop = loop
        self.seqs = Array(repeating: 0, count: seats / 2)
    }

    /// The seats' channels' close futures.
    var closeFutures: [EventLoopFuture<Void>] { self.seats.map(\.channel.closeFuture) }

    /// Seats a new connection; its seat, or `nil` when every seat is taken (the connection is then
    /// closed).
    func join(_ channel: any Channel) -> Int? {
        guard self.seats.count < self.capacity else { return nil }
        let writer = self.writes == .direct ? FramedWriter(channel: channel) : nil
        self.seats.append(Seat(channel: channel, writer: writer))
        return self.seats.count - 1
    }

    /// A move from `seat`: committed and answered after this pass of the loop.
    func moved(seat: Int) {
        let match = seat / 2
        self.seqs[match] += 1
        self.pending.append((match, self.seqs[match]))
        guard !self.settling else { return }
        self.settling = true
        // NB: after the pass's reads, as tcnet's lobby takes its turn.
        self.loop.execute { self.settle() }
    }

    /// Stops the relay: every seat closed, the summary given.
    func end(failure: String?) {
        guard !self.done else { return }
        self.done = true
        let transactions = self.journal?.transactions ?? 0
        for seat in self.seats { seat.channel.close(promise: nil) }
        self.outcome.give(.init(moves: self.moves, transactions: transactions, failure: failure))
    }

    private func settle() {
        self.settling = false
        let moves = self.pending
        self.pending.removeAll(keepingCapacity: true)
        guard !self.done else { return }
        do {
            try self.journal?.commit(moves)
        } catch {
            self.end(failure: "\(error)")
            return
        }
        self.moves += moves.count
        for move in moves {
            var answer = self.seats[2 * move.match].channel.allocator.buffer(capacity: 4 + RelayFloor.answerBytes)
            answer.writeInteger(UInt32(RelayFloor.answerBytes))
            answer.writeInteger(UInt32(truncatingIfNeeded: move.seq))
            answer.writeRepeatingByte(UInt8(ascii: "s"), count: RelayFloor.answerBytes - 4)
            for seat in [2 * move.match, 2 * move.match + 1] where seat < self.seats.count {
                if let writer = self.seats[seat].writer {
                    writer.writeAndFlushOnLoop(answer, promise: nil)
                } else {
                    self.seats[seat].channel.writeAndFlush(answer, promise: nil)
                }
            }
        }
    }
}

/// A relay's summary, given once and awaited by any number of tasks.
private final class RelayOutcome: Sendable {
    typealias Waiting = CheckedContinuation<RelayFloor.Summary, Never>
    private let state = Mutex<(summary: RelayFloor.Summary?, waiting: [Waiting])>((nil, []))

    /// Gives the summary (once; later calls do nothing) and wakes everyone waiting for it.
    func give(_ summary: RelayFloor.Summary) {
        let waiting = self.state.withLock { state in
            guard state.summary == nil else { return [Waiting]() }
            state.summary = summary
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: summary) }
    }

    /// The summary, once given.
    func wait() async -> RelayFloor.Summary {
        await withCheckedContinuation { continuation in
            let summary = self.state.withLock { state in
                if state.summary == nil { state.waiting.append(continuation) }
                return state.summary
            }
            if let summary { continuation.resume(returning: summary) }
        }
    }
}

/// A seat of the relay: its frames, each a move.
private final class RelaySeatHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let room: RelayRoom
    private var seat: Int?
    private var buffered: ByteBuffer?

    init(room: RelayRoom) { self.room = room }

    func channelActive(context: ChannelHandlerContext) {
        self.seat = self.room.join(context.channel)
        if self.seat == nil { context.close(promise: nil) }
        context.fireChannelActive()
    }

    // NB: not Protocol's `FrameDecoder`: it copies each payload into an array of its own and refuses
    // empty frames, and floor.c's relay only steps over its frames; the NIO floor must do no more than it.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let seat = self.seat else { return }
        var bytes = self.unwrapInboundIn(data)
        if var earlier = self.buffered {
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        while let length = bytes.getInteger(at: bytes.readerIndex, as: UInt32.self) {
            guard length <= RelayFloor.largestFrame else {
                let limit = RelayFloor.largestFrame
                self.room.end(failure: "seat \(seat) sent a frame of \(length) bytes (at most \(limit))")
                return
            }
            guard bytes.readableBytes >= 4 + Int(length) else { break }
            bytes.moveReaderIndex(forwardBy: 4 + Int(length))
            self.room.moved(seat: seat)
        }
        if bytes.readableBytes == 0 {
            self.buffered = nil
        } else {
            bytes.discardReadBytes()
            self.buffered = bytes
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // NB: a seat's connection closed: the load has left.
        if self.seat != nil { self.room.end(failure: nil) }
        context.fireChannelInactive()
    }
}
