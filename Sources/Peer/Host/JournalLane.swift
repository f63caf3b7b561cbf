import Dispatch
import Lobby
import Storage
import Synchronization

/// The journal's own thread: commits what the lobby's turns decided, then hands their messages to the
/// event loops, in the order of the turns, while the lobby goes on with its next turn (both cores).
///
/// NB: D-1 holds as before: a turn's messages go out only after its entries are committed. Turns that
/// queue up while a commit runs share the next transaction (group commit across turns), so the busier
/// the host, the fewer transactions per move. The lobby waits when ``depth`` turns are queued, so it
/// cannot run ahead of its disk without bound.
///
/// Inline (``init(writer:depth:inline:)``), the lane commits on its caller's thread as the caller hands it
/// a turn: a host that runs its lobby on the connections' own event loop decides, commits and writes a
/// move on one thread, with no hand-off (docs/ARCHITECTURE.md, "One thread or every core").
///
/// NB: `@unchecked`: the writer and the failure flag are used only by ``drain()``, one drain at a time
/// (on ``queue``, or inline on the one thread that hands the lane its turns).
final class JournalLane: @unchecked Sendable {
    /// What a failed or filled commit means for the lobby.
    enum Report: Sendable {
        /// The commit used the disk's reserve: the disk is full from now on (L-10).
        case filled(HostStoreError)
        /// Not on disk: the host must stop, and announces nothing more.
        case failed(HostStoreError)
    }

    /// A lobby turn, as the lane keeps it.
    private struct Turn: Sendable {
        var entries: [JournalEntry]
        /// Whether the lobby knew the disk was full when it took the turn: then it asked nothing that
        /// a player sees of the entries, which may wait for room.
        var paused: Bool
        var batch: OutboundBatch
        /// Something the lobby waits for, done in the turn's place (``sync(_:)``).
        var call: (@Sendable (inout JournalWriter?) -> Void)?
    }

    private struct Waiting {
        var turns: [Turn] = []
        var draining = false
    }

    /// Turns the lobby may queue before it waits.
    let depth: Int
    /// Whether the lane commits on its caller's thread instead of its own.
    let inline: Bool
    private let waiting = Mutex(Waiting())
    private let queue = DispatchQueue(label: "tcnet.journal")
    /// NB: counts free places; created at zero and raised to ``depth`` (libdispatch refuses to free a
    /// semaphore below its initial value).
    private let room = DispatchSemaphore(value: 0)
    private let listener = Mutex<(@Sendable (Report) -> Void)?>(nil)
    /// The writer, used only on ``queue`` (by ``drain()``).
    private var writer: JournalWriter?
    /// Whether a commit failed: from then on no message goes out, only closes (used only on ``queue``).
    private var failed = false
    private let counts = Mutex((transactions: 0, turns: 0))

    /// A lane for a journal's writer; `nil` keeps nothing (tests of the transport alone).
    /// - Parameters:
    ///   - writer: the journal's writer, used from now on only by the lane.
    ///   - depth: the turns the lobby may queue before it waits.
    ///   - inline: commit and send on the caller's thread, as each turn comes, instead of on the lane's
    ///     own; only for a caller that hands the lane every turn from one thread (a lobby on an event loop).
    ///
    /// NB: 32, not 8: the lobby waits on one of the two pool threads, and with 8 it waited often enough
    /// to cost throughput (5 of 5 alternated pairs with the C client at 50 and 500 matches, 1-7 %;
    /// docs/BENCHMARKS.md, ninth round). A turn is one lobby turn's moves, each of which a client waits for.
    init(writer: JournalWriter?, depth: Int = 32, inline: Bool = false) {
        self.writer = writer
        self.depth = depth
        self.inline = inline
        for _ in 0..<depth { self.room.signal() }
    }

    /// Sets who is told, on the lane's thread, when a commit fills the disk or fails.
    func onReport(_ listener: @escaping @Sendable (Report) -> Void) {
        self.listener.withLock { $0 = listener }
    }

    private func report(_ report: Report) {
        self.listener.withLock { $0 }?(report)
    }

    /// Commits a turn's entries and then sends its batch, after every turn before it.
    /// - Parameters:
    ///   - entries: the turn's journal entries.
    ///   - paused: whether the lobby knew the disk was full when it took the turn.
    ///   - batch: what the turn sends.
    func commit(_ entries: [JournalEntry], paused: Bool, then batch: OutboundBatch) {
        guard !entries.isEmpty || !batch.isEmpty else { return }
        self.enqueue(Turn(entries: entries, paused: paused, batch: batch))
    }

    /// Sends a batch after every turn before it (nothing to commit).
    func send(_ batch: OutboundBatch) {
        self.commit([], paused: true, then: batch)
    }

    /// Runs `body` with the writer once every turn queued before it is done, and waits for it.
    func sync<T: Sendable>(_ body: @escaping @Sendable (inout JournalWriter?) -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        self.enqueue(
            Turn(entries: [], paused: true, batch: OutboundBatch()) { writer in
                let value = body(&writer)
                result.withLock { $0 = value }
                done.signal()
            })
        done.wait()
        return result.withLock { $0! }
    }

    /// Waits until every turn queued so far is committed and sent (its writes handed to the event loops).
    func wait() {
        self.sync { _ in }
    }

    /// The transactions committed and the turns they held, since the lane started.
    var figures: (transactions: Int, turns: Int) { self.counts.withLock { $0 } }

    private func enqueue(_ turn: Turn) {
        self.room.wait()
        let start = self.waiting.withLock { waiting in
            waiting.turns.append(turn)
            defer { waiting.draining = true }
            return !waiting.draining
        }
        guard start else { return }
        if self.inline {
            self.drain()
        } else {
            self.queue.async { self.drain() }
        }
    }

    /// Does the queued turns, a group at a time, until none is left. On ``queue`` only, or inline.
    private func drain() {
        while true {
            let turns = self.waiting.withLock { waiting in
                defer { waiting.turns = [] }
                if waiting.turns.isEmpty { waiting.draining = false }
                return waiting.turns
            }
            guard !turns.isEmpty else { return }
            var start = 0
            for (index, turn) in turns.enumerated() where turn.call != nil {
                self.run(turns[start..<index])
                turn.call?(&self.writer)
                self.room.signal()
                start = index + 1
            }
            self.run(turns[start...])
        }
    }

    /// Commits a group of turns in one transaction, then sends their batches in order.
    private func run(_ turns: ArraySlice<Turn>) {
        guard !turns.isEmpty else { return }
        defer { for _ in turns { self.room.signal() } }
        // NB: a turn's own entries when it comes alone (the lobby's loop commits each turn as it ends),
        // not copied into a list of the group's, an entry at a time.
        let entries = turns.count == 1 ? turns[turns.startIndex].entries : turns.flatMap(\.entries)
        var filled: HostStoreError?
        if !self.failed, !entries.isEmpty, self.writer != nil {
            self.counts.withLock { $0.transactions += 1 }
            switch self.writer!.write(entries) {
            case .written:
                break
            case .filled(let error):
                filled = error
            case .waiting where turns.allSatisfy({ $0.paused || $0.entries.isEmpty }):
                break
            case .waiting:
                // NB: a turn the lobby took before it knew the disk was full, and no room for it even with
                // the reserve given back: as a failed write.
                self.fail(HostStoreError(
                    folder: self.writer!.store.folder, reason: "the disk is full: a turn could not be saved",
                    diskFull: true))
            case .failed(let error):
                self.fail(error)
            }
        }
        self.counts.withLock { $0.turns += turns.count }
        for turn in turns { turn.batch.send(messages: !self.failed) }
        if let filled { self.report(.filled(filled)) }
    }

    private func fail(_ error: HostStoreError) {
        self.failed = true
        self.report(.failed(error))
    }
}
