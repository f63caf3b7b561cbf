import Lobby
import Logging
import NIOCore
import Protocol
import Synchronization

/// The lobby, shared by every connection of a host, and the only writer to their channels.
///
/// NB: all writes go through this actor so that what one connection receives keeps the order in
/// which the lobby decided it, whichever connection's message caused it. Each outcome's journal
/// entries are committed before any of its messages is written: a move a player saw acknowledged
/// is on disk.
actor LobbyService {
    private var lobby: Lobby
    private var channels: [ConnectionID: any Channel] = [:]
    private var nextConnection: UInt64 = 1
    private let maxConnections: Int
    private let credentials: CredentialSource
    private let store: HostStore?
    private let failure: HostFailure
    private let origin = ContinuousClock.now
    private var logger: Logger
    private let faults: Set<HostFault>

    init(
        lobby: Lobby, maxConnections: Int, credentials: CredentialSource, store: HostStore?, failure: HostFailure,
        logger: Logger, faults: Set<HostFault> = []
    ) {
        self.faults = faults
        self.lobby = lobby
        self.maxConnections = maxConnections
        self.credentials = credentials
        self.store = store
        self.failure = failure
        self.logger = logger
    }

    var connectionCount: Int { self.channels.count }

    /// The lobby's clock: milliseconds since this service started.
    private var now: LobbyTime {
        let elapsed = self.origin.duration(to: .now)
        return LobbyTime(milliseconds: elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Registers a new connection, or returns `nil` when the host is full.
    func open(_ channel: any Channel) -> ConnectionID? {
        guard self.channels.count < self.maxConnections else { return nil }
        let id = ConnectionID(self.nextConnection)
        self.nextConnection += 1
        self.channels[id] = channel
        return id
    }

    /// Greets a player; returns whether the lobby accepted them.
    func greet(_ hello: Hello, re: RequestID?, on connection: ConnectionID) -> Bool {
        let outcome = self.lobby.greet(
            hello, re: re, on: connection, now: self.now, player: self.credentials.newPlayerID(),
            resumeToken: self.credentials.newResumeToken())
        self.perform(outcome)
        if let player = outcome.greeted {
            self.logger.info(
                hello.resume == nil ? "hello accepted" : "session resumed",
                metadata: ["connection": "\(connection)", "player": "\(player)"])
            return true
        }
        return false
    }

    /// Hands a greeted player's message to the lobby.
    func receive(_ envelope: ClientEnvelope, from connection: ConnectionID) {
        self.perform(self.lobby.receive(envelope, from: connection, now: self.now))
    }

    /// Sends one message to a connection.
    func send(_ envelope: HostEnvelope, to connection: ConnectionID) {
        self.write(envelope, to: connection)
    }

    /// Sends a fatal error, then closes the connection.
    func close(_ connection: ConnectionID, with envelope: HostEnvelope) {
        guard let channel = self.channels[connection] else { return }
        let frame = channel.allocator.buffer(bytes: WireCodec.frame(envelope))
        channel.writeAndFlush(frame).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Forgets a connection whose channel closed.
    func disconnect(_ connection: ConnectionID) {
        self.channels.removeValue(forKey: connection)
        self.perform(self.lobby.disconnect(connection, now: self.now))
    }

    /// Applies table policies whose grace periods have ended.
    func tickIfDue() {
        let now = self.now
        guard let deadline = self.lobby.nextDeadline, deadline <= now else { return }
        self.perform(self.lobby.tick(now: now))
    }

    /// Tells every connection that the host is stopping, and closes them all.
    func shutDown() {
        let goodbye = HostEnvelope(.error(ErrorMessage(
            code: .shuttingDown, message: "the host is shutting down", fatal: true)))
        for connection in self.channels.keys {
            self.close(connection, with: goodbye)
        }
    }

    // MARK: Carrying out outcomes

    private func perform(_ outcome: LobbyOutcome) {
        if let store = self.store, !outcome.journal.isEmpty {
            do {
                try store.commit(outcome.journal)
            } catch {
                // NB: what is not on disk must not be announced; the host stops, and a restart replays the
                // journal as it was before this event.
                self.logger.critical("journal write failed; stopping", metadata: ["error": "\(error)"])
                self.failure.fail(error)
                return
            }
        }
        var payloads = BroadcastPayloads()
        for delivery in outcome.deliveries {
            if delivery.closesConnection {
                self.close(delivery.connection, with: delivery.envelope)
                self.channels.removeValue(forKey: delivery.connection)
            } else {
                self.write(delivery.envelope, to: delivery.connection, payloads: &payloads)
            }
        }
    }

    private func write(_ envelope: HostEnvelope, to connection: ConnectionID) {
        var payloads = BroadcastPayloads()
        self.write(envelope, to: connection, payloads: &payloads)
    }

    private func write(_ envelope: HostEnvelope, to connection: ConnectionID, payloads: inout BroadcastPayloads) {
        guard let channel = self.channels[connection] else {
            self.logger.trace("not sent: connection gone", metadata: ["connection": "\(connection)"])
            return
        }
        guard channel.isWritable else {
            // NB: a client that stops reading must not make the host buffer without bound.
            self.logger.notice("dropping slow consumer", metadata: ["connection": "\(connection)"])
            self.channels.removeValue(forKey: connection)
            channel.close(promise: nil)
            return
        }
        let envelope = self.faults.isEmpty ? envelope : HostFault.distort(envelope, self.faults)
        var payload = payloads.payload(envelope)
        if payload.count > self.lobby.configuration.maxFrame { payload = self.oversize(envelope, payload.count) }
        var frame = channel.allocator.buffer(capacity: FrameLimits.headerSize + payload.count)
        frame.writeInteger(UInt32(payload.count))
        frame.writeBytes(payload)
        channel.writeAndFlush(frame, promise: nil)
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

func randomHex(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes * 2)
    for _ in 0..<bytes {
        let byte = UInt8.random(in: .min ... .max, using: &generator)
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
