import Arbiter
import GameKit
import Lobby
import Logging
import NIOCore
import Protocol
import Storage
import Synchronization

/// The lobby, shared by every connection of a host, and the only writer to their channels.
///
/// NB: all writes go through this actor so that what one connection receives keeps the order in
/// which the lobby decided it, whichever connection's message caused it. Each outcome's journal
/// entries are committed before any of its messages is written: a move a player saw acknowledged
/// is on disk. Greeted players' messages come in batches (``LobbyMailbox``). The actor decides a
/// batch and writes its messages; its ``JournalLane`` commits the batch's entries on a thread of its
/// own and only then sends the messages, while the actor takes the next batch. Batches that wait for
/// the lane share its next transaction (group commit).
///
/// NB: the actor runs on an event loop (``loop``, its executor), not on the concurrency pool. That loop
/// serves a classroom's connections (``HostConfiguration/everyCore`` off): a turn started by their
/// message runs on the thread that read it, after that loop's reads, and its lane commits inline: a move
/// is read, decided, committed and written with no hand-off between threads. A school's later connections
/// are served on the other loops (``ConnectionSteering``), which hand their messages to this one.
actor LobbyService {
    private var lobby: Lobby
    private let mailbox = LobbyMailbox()
    /// The teacher's tournaments, run on the lobby (section 17 of docs/PROTOCOL.md).
    private var desk: TournamentDesk
    private var channels: [ConnectionID: ClientLink] = [:]
    private var nextConnection: UInt64 = 1
    /// Whether ``shutDown()`` ran: a connection that comes later is refused.
    private var isShutDown = false
    private let maxConnections: Int
    private let credentials: CredentialSource
    /// Commits the journal, then sends; every message and close goes through it, in order.
    private let lane: JournalLane
    /// Whether the lobby knows the disk is full (paused since ``diskFilled(_:)``).
    private var paused = false
    /// While the disk is full: the task that checks for room.
    private var diskCheck: Task<Void, Never>?
    private let diskCheckInterval: Duration
    /// The ``HostFault/writeBehind`` fault's entries not yet written, and the task that writes them.
    private var behind: [JournalEntry] = []
    private var behindFlush: Task<Void, Never>?
    private let failure: HostFailure
    private let clock: @Sendable () -> LobbyTime
    /// The pending wake-up for the lobby's next deadline, and its time.
    private var wake: (at: LobbyTime, task: Task<Void, Never>)?
    private var logger: Logger
    private let faults: Set<HostFault>
    /// The event loop the actor runs on.
    nonisolated let loop: any EventLoop

    nonisolated var unownedExecutor: UnownedSerialExecutor { self.loop.executor.asUnownedSerialExecutor() }

    /// - Parameters:
    ///   - loop: the event loop the actor runs on.
    ///   - inlineJournal: whether the journal's lane commits on ``loop`` as each turn ends, instead of on a
    ///     thread of its own while the next turn runs.
    init(
        loop: any EventLoop, inlineJournal: Bool,
        lobby: Lobby, desk: TournamentDesk, maxConnections: Int, credentials: CredentialSource,
        journal: JournalWriter?, diskCheckInterval: Duration, failure: HostFailure,
        clock: @escaping @Sendable () -> LobbyTime, logger: Logger, faults: Set<HostFault> = []
    ) {
        self.loop = loop
        self.desk = desk
        self.faults = faults
        self.clock = clock
        self.lobby = lobby
        self.maxConnections = maxConnections
        self.credentials = credentials
        self.lane = JournalLane(writer: journal, inline: inlineJournal)
        self.diskCheckInterval = diskCheckInterval
        self.failure = failure
        self.logger = logger
        self.lane.onReport { [weak self] report in
            switch report {
            case .filled(let error):
                // NB: on the lobby's loop, after the task that committed and before the loop reads again: a
                // task of its own went through the global executor first, and a request read meanwhile
                // found the lobby not yet paused (a move then had no room even with the reserve given
                // back, and stopped the host).
                guard let service = self else { return }
                service.loop.execute { service.assumeIsolated { $0.diskFilled(error) } }
            case .failed(let error):
                // NB: what is not on disk must not be announced; the host stops, and a restart replays the
                // journal as it was before this event.
                logger.critical("journal write failed; stopping", metadata: ["error": "\(error)"])
                failure.fail(error)
            }
        }
    }

    var connectionCount: Int { self.channels.count }

    /// The lobby's clock.
    private var now: LobbyTime { self.clock() }

    /// Why the lobby did not take a new connection.
    enum Refusal: Error {
        /// It already serves as many connections as it may.
        case full
        /// It is shutting down: it told everyone so and closed their connections.
        case shuttingDown
    }

    /// Registers a new connection, framed TCP or WebSocket, unless the host is full or shutting down.
    func open(_ link: ClientLink) -> Result<ConnectionID, Refusal> {
        guard !self.isShutDown else { return .failure(.shuttingDown) }
        guard self.channels.count < self.maxConnections else { return .failure(.full) }
        let id = ConnectionID(self.nextConnection)
        self.nextConnection += 1
        self.channels[id] = link
        return .success(id)
    }

    /// How many connections the lobby's own loop serves, and how many other loops do.
    func servingLoops() -> (lobby: Int, others: Int) {
        let lobby = self.channels.values.count { $0.channel.eventLoop === self.loop }
        return (lobby, self.channels.count - lobby)
    }

    /// Greets a player; returns whether the lobby accepted them.
    func greet(_ hello: Hello, re: RequestID?, on connection: ConnectionID) -> Bool {
        self.readMail()
        let outcome = self.lobby.greet(
            hello, re: re, on: connection, now: self.now, player: self.credentials.newPlayerID(),
            resumeToken: self.credentials.newResumeToken())
        self.perform(outcome)
        if let player = outcome.greeted {
            let name = self.lobby.name(of: player) ?? hello.name
            self.logger.info(
                hello.resume == nil && hello.seatCode == nil ? "hello accepted" : "session resumed",
                metadata: [
                    "connection": "\(connection)", "player": "\(player)", "name": "\(name)",
                    "by": "\(hello.resume != nil ? "token" : hello.seatCode != nil ? "seat code" : "name")",
                ])
            return true
        }
        // NB: who was refused and why, for the teacher; never the token or the code that was tried.
        let refusal = outcome.deliveries.compactMap { delivery -> ErrorCode? in
            if case .error(let error) = delivery.envelope.message { return error.code } else { return nil }
        }.first
        self.logger.notice(
            "hello refused",
            metadata: [
                "connection": "\(connection)", "name": "\(hello.name)", "code": "\(refusal.map { "\($0)" } ?? "?")",
                "by": "\(hello.resume != nil ? "token" : hello.seatCode != nil ? "seat code" : "name")",
            ])
        return false
    }

    /// Carries out a teacher's request from the host's console.
    func teacher(_ request: TeacherRequest) -> [String] {
        self.readMail()
        let (outcome, answer) = self.lobby.teacher(
            request, now: self.now, resumeToken: self.credentials.newResumeToken())
        self.perform(outcome)
        // NB: what the teacher is told is done is on disk, as what a player is told (D-1).
        self.lane.wait()
        return answer
    }

    /// Hands a greeted player's message to the tournament desk or else the lobby, without waiting for
    /// the lobby's turn.
    /// - Returns: `true` when the caller must ``readMail()`` before reading on (the mailbox is full).
    nonisolated func post(_ envelope: ClientEnvelope, from connection: ConnectionID) -> Bool {
        self.post(.message(envelope), from: connection)
    }

    /// Posts what a connection's session decided without the lobby: an error answering one of its
    /// messages, or a fatal one (then the connection is closed), sent after what the connection posted
    /// before it.
    /// - Returns: `true` when the caller must ``readMail()`` before reading on (the mailbox is full).
    nonisolated func post(answer envelope: HostEnvelope, closing: Bool, to connection: ConnectionID) -> Bool {
        self.post(.answer(envelope, closes: closing), from: connection)
    }

    private nonisolated func post(_ content: LobbyMailbox.Letter.Content, from connection: ConnectionID) -> Bool {
        switch self.mailbox.post(content, from: connection) {
        case .wakeTheLobby:
            self.startTurn()
            return false
        case .queued:
            return false
        case .full:
            return true
        }
    }

    /// Gives the lobby every message posted so far, as one batch.
    func readMail() {
        self.receive(self.mailbox.takeAll())
    }

    /// The turn a posted message started: it takes what comes while it runs too, up to
    /// ``batchesPerTurn`` batches, then lets the lobby's other callers (an admission, a greeting) in first.
    private func turn() {
        for _ in 0..<Self.batchesPerTurn {
            self.receive(self.mailbox.takeAll())
            if self.mailbox.endTurn() { return }
        }
        self.startTurn()
    }

    /// Starts a ``turn()`` on the lobby's loop.
    ///
    /// NB: a task on the loop, not a `Task`: no allocation, and on the loop's own thread it runs once the
    /// reads under way are done, so that one turn takes them all.
    private nonisolated func startTurn() {
        self.loop.execute { self.assumeIsolated { $0.turn() } }
    }

    /// The batches one turn takes at most.
    static let batchesPerTurn = 8

    /// NB: one outcome for the batch, each message's part added to it
    /// (``TournamentDesk/take(_:from:lobby:now:into:)``), in place of an outcome of its own for every
    /// message, whose arrays grew from empty and whose journal entries were copied into the batch's.
    private func receive(_ letters: [LobbyMailbox.Letter]) {
        guard !letters.isEmpty else { return }
        var outcome = LobbyOutcome()
        // NB: a move's part: its journal entry, and its state for each of two players.
        outcome.journal.reserveCapacity(letters.count)
        outcome.deliveries.reserveCapacity(2 * letters.count)
        // NB: the clock read once a batch, not once a letter: the letters were all taken at once.
        let now = self.now
        for letter in letters {
            switch letter.content {
            case .message(let envelope):
                self.desk.take(envelope, from: letter.connection, lobby: &self.lobby, now: now, into: &outcome)
            case .answer(let envelope, let closes):
                outcome.deliveries.append(Delivery(to: letter.connection, envelope, closesConnection: closes))
            }
        }
        self.commitAndSend(outcome)
    }

    /// Sends one message to a connection, after the messages it posted before.
    func send(_ envelope: HostEnvelope, to connection: ConnectionID) {
        self.readMail()
        var batch = OutboundBatch()
        var payloads = BroadcastPayloads()
        self.write(envelope, to: connection, payloads: &payloads, batch: &batch)
        self.lane.send(batch)
    }

    /// Sends a fatal error, then closes the connection.
    func close(_ connection: ConnectionID, with envelope: HostEnvelope) {
        self.readMail()
        self.closeNow(connection, with: envelope)
        // NB: the error is on its way before the caller returns: a WebSocket's server closes the
        // connection itself once its handler returns.
        self.lane.wait()
    }

    private func closeNow(_ connection: ConnectionID, with envelope: HostEnvelope) {
        guard let link = self.channels[connection] else { return }
        var batch = OutboundBatch()
        batch.close(link, with: envelope)
        self.lane.send(batch)
    }

    /// Forgets a connection whose channel closed.
    /// Returns the name of the player greeted on it, if any, for the log.
    @discardableResult
    func disconnect(_ connection: ConnectionID) -> String? {
        self.readMail()
        self.channels.removeValue(forKey: connection)
        self.desk.disconnect(connection)
        let name = self.lobby.player(on: connection).flatMap { self.lobby.name(of: $0) }
        self.perform(self.lobby.disconnect(connection, now: self.now))
        return name
    }

    /// Does what the lobby and the desk have due: grace periods, games' deadlines, bots, held seats.
    func tickIfDue() {
        self.readMail()
        guard !self.isShutDown else { return }
        let now = self.now
        if let deadline = self.nextDeadline, deadline <= now {
            self.perform(self.lobby.tick(now: now))
            self.perform(self.desk.tick(lobby: &self.lobby, now: now))
        } else {
            self.scheduleWake()
        }
    }

    /// The earliest of the lobby's and the desk's deadlines.
    private var nextDeadline: LobbyTime? {
        // NB: asked after every batch: no array.
        guard let lobby = self.lobby.nextDeadline else { return self.desk.nextDeadline }
        guard let desk = self.desk.nextDeadline else { return lobby }
        return min(lobby, desk)
    }

    /// Sleeps until the lobby's next deadline, unless a wake-up for that time is already pending.
    ///
    /// NB: the lobby says when it has something to do (``Lobby/nextDeadline``) after every event;
    /// nothing polls.
    ///
    /// NB: none once the host is shutting down: a stopping host acts on no deadline (a connection it closed
    /// still reports its departure, and its journal is written, but no game ends by its clock meanwhile).
    private func scheduleWake() {
        guard !self.isShutDown, let next = self.nextDeadline else {
            self.wake?.task.cancel()
            self.wake = nil
            return
        }
        if let wake = self.wake, wake.at == next { return }
        self.wake?.task.cancel()
        let delay = max(0, next.milliseconds - self.now.milliseconds)
        let task = Task { [weak self] in
            // NB: a little late rather than early: a deadline fires once its time has passed.
            try? await Task.sleep(for: .milliseconds(delay + 1))
            guard !Task.isCancelled else { return }
            await self?.woke(at: next)
        }
        self.wake = (next, task)
    }

    private func woke(at time: LobbyTime) {
        if self.wake?.at == time { self.wake = nil }
        self.tickIfDue()
    }

    /// Tells every connection that the host is stopping, and closes them all; once.
    func shutDown() {
        guard !self.isShutDown else { return }
        self.readMail()
        self.isShutDown = true
        self.wake?.task.cancel()
        self.wake = nil
        self.diskCheck?.cancel()
        self.diskCheck = nil
        var batch = OutboundBatch()
        for link in self.channels.values {
            batch.close(link, with: Self.goodbye)
        }
        self.lane.send(batch)
        // NB: the goodbyes are on their way before the web server, stopping beside the host, closes its own.
        self.lane.wait()
    }

    /// Waits until the journal holds every turn taken so far (a stopping host's last departures), then
    /// logs how many lobby turns its transactions held.
    func finishJournal() {
        self.lane.wait()
        let figures = self.lane.figures
        self.logger.info(
            "journal written",
            metadata: ["transactions": "\(figures.transactions)", "turns": "\(figures.turns)"])
    }

    /// What a stopping host tells every connection, and any that comes after, before closing it.
    static let goodbye = HostEnvelope(
        .error(ErrorMessage(code: .shuttingDown, message: "the host is shutting down", fatal: true)))

    // MARK: Carrying out outcomes

    /// Carries out an outcome with what the desk makes of it (a result, the next round), which is
    /// committed with it.
    private func perform(_ outcome: LobbyOutcome) {
        var outcome = outcome
        self.desk.follow(&outcome, lobby: &self.lobby, now: self.now)
        self.commitAndSend(outcome)
    }

    /// Writes the messages of an outcome (a batch's), and hands them to the lane, which commits its
    /// journal entries in one transaction before it sends them.
    private func commitAndSend(_ outcome: LobbyOutcome) {
        defer { self.scheduleWake() }
        guard !self.faults.has(.writeBehind) else { return self.writeBehind(outcome) }
        var batch = OutboundBatch()
        self.deliver(outcome, batch: &batch)
        self.lane.commit(outcome.journal, paused: self.paused, then: batch)
    }

    /// The ``HostFault/writeBehind`` fault: sends at once and journals a third of a second later, as a
    /// host that trusts its disk to keep up would. `.ci/chaos.sh` must catch it.
    private func writeBehind(_ outcome: LobbyOutcome) {
        var batch = OutboundBatch()
        self.deliver(outcome, batch: &batch)
        self.lane.send(batch)
        self.behind.append(contentsOf: outcome.journal)
        guard self.behindFlush == nil else { return }
        self.behindFlush = Task {
            try? await Task.sleep(for: .milliseconds(300))
            let entries = self.behind
            self.behind = []
            self.behindFlush = nil
            self.lane.commit(entries, paused: self.paused, then: OutboundBatch())
        }
    }

    private func deliver(_ outcome: LobbyOutcome, batch: inout OutboundBatch) {
        var payloads = BroadcastPayloads()
        for delivery in outcome.deliveries {
            if delivery.closesConnection {
                // NB: what the batch holds for this connection goes out before its closing error.
                if let link = self.channels.removeValue(forKey: delivery.connection) {
                    batch.close(link, with: delivery.envelope)
                }
            } else {
                self.write(delivery.envelope, to: delivery.connection, payloads: &payloads, batch: &batch)
            }
        }
    }

    private func write(
        _ envelope: HostEnvelope, to connection: ConnectionID, payloads: inout BroadcastPayloads,
        batch: inout OutboundBatch
    ) {
        guard let link = self.channels[connection] else {
            self.logger.trace("not sent: connection gone", metadata: ["connection": "\(connection)"])
            return
        }
        guard link.isWritable else {
            // NB: a client that stops reading must not make the host buffer without bound.
            self.logger.notice("dropping slow consumer", metadata: ["connection": "\(connection)"])
            self.channels.removeValue(forKey: connection)
            batch.drop(link)
            return
        }
        let envelope = self.faults.isEmpty ? envelope : HostFault.distort(envelope, self.faults)
        let payload = payloads.outgoing(envelope)
        let count = payload.count
        guard count <= self.lobby.configuration.maxFrame else {
            batch.add(self.oversize(envelope, count), to: link)
            return
        }
        batch.add(payload, to: link)
    }
}

extension LobbyService {
    /// What is sent instead of a message larger than `maxFrame`, which no client need read (F-4, F-11):
    /// `internal-error`, answering the same request. Lists come in pages (P-3), so only a game whose
    /// state outgrows a frame gets here.
    private func oversize(_ envelope: HostEnvelope, _ size: Int) -> [UInt8] {
        let limit = self.lobby.configuration.maxFrame
        self.logger.error(
            "a message exceeds maxFrame; sent internal-error instead",
            metadata: ["type": "\(envelope.message.type)", "bytes": "\(size)", "maxFrame": "\(limit)"])
        let message = "the host's \(envelope.message.type) reply (\(size) bytes) exceeds maxFrame (\(limit))"
        let error = ErrorMessage(code: .internalError, message: message, fatal: false)
        return WireCodec.payload(HostEnvelope(re: envelope.re, .error(error)))
    }
}

/// Records the error that stops a host from inside, and asks the host to stop.
final class HostFailure: Sendable {
    private let state = Mutex<(error: (any Error)?, stop: (@Sendable () -> Void)?)>((nil, nil))

    /// The error that stopped the host, if any.
    var error: (any Error)? { self.state.withLock { $0.error } }

    func onFailure(_ stop: @escaping @Sendable () -> Void) {
        self.state.withLock { $0.stop = stop }
    }

    func fail(_ error: any Error) {
        let stop = self.state.withLock { state -> (@Sendable () -> Void)? in
            guard state.error == nil else { return nil }
            state.error = error
            return state.stop
        }
        stop?()
    }
}

/// Makes player ids and resume tokens.
struct CredentialSource: Sendable {
    var newPlayerID: @Sendable () -> PlayerID
    var newResumeToken: @Sendable () -> ResumeToken

    /// Ids and tokens from the system's cryptographically secure generator.
    /// Short tokens: the `weak-resume-token` fault only.
    static let weak = CredentialSource(
        newPlayerID: { PlayerID(rawValue: "p-" + randomHex(bytes: 6)) },
        newResumeToken: { ResumeToken(rawValue: randomHex(bytes: 8)) })

    static let system = CredentialSource(
        newPlayerID: { PlayerID(rawValue: "p-" + randomHex(bytes: 6)) },
        newResumeToken: { ResumeToken(rawValue: randomHex(bytes: 32)) })
}

/// Bytes from the system's cryptographically secure generator.
func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}

func randomHex(bytes: Int) -> String {
    Hex.string(of: randomBytes(bytes))
}

// MARK: - A full disk (L-10)

extension LobbyService {
    /// Whether the host cannot write its journal.
    var isDiskFull: Bool { self.lane.sync { $0?.isFull ?? false } }

    /// Pauses the lobby at start-up when the journal's writer found no room for its reserve.
    func startPausedIfTheDiskIsFull() {
        guard self.isDiskFull else { return }
        self.paused = true
        self.logger.critical(
            "the disk is full: matches are paused until there is room",
            metadata: self.diskMetadata)
        self.perform(self.lobby.diskFilled(now: self.now))
        self.checkForRoom()
    }

    /// A write used the reserve: the disk is full from now on.
    func diskFilled(_ error: HostStoreError) {
        self.paused = true
        self.logger.critical(
            "the disk is full: matches are paused and nothing more is saved until there is room",
            metadata: self.diskMetadata.merging(["error": "\(error.reason)"]) { $1 })
        self.perform(self.lobby.diskFilled(now: self.now))
        self.checkForRoom()
    }

    private var diskMetadata: Logger.Metadata {
        self.lane.sync { writer -> Logger.Metadata in
            guard let journal = writer else { return [:] }
            return [
                "free": "\(journal.freeSpace.map(DiskSpace.describe) ?? "?")",
                "needed": "\(DiskSpace.describe(journal.reserve.needed))",
                "folder": "\(journal.store.folder)",
            ]
        }
    }

    /// Checks for room every ``diskCheckInterval`` until the journal can be written again.
    private func checkForRoom() {
        guard self.diskCheck == nil else { return }
        let interval = self.diskCheckInterval
        self.diskCheck = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                if await self.recoverIfThereIsRoom() { return }
            }
        }
    }

    private func recoverIfThereIsRoom() -> Bool {
        guard self.lane.sync({ $0?.recover() == true }) else { return false }
        self.paused = false
        self.diskCheck = nil
        self.logger.notice("the disk has room again: matches go on", metadata: self.diskMetadata)
        self.perform(self.lobby.diskFreed(now: self.now))
        return true
    }
}
