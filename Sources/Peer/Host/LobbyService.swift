import Lobby
import Logging
import NIOCore
import Protocol

/// The lobby, shared by every connection of a host, and the only writer to their channels.
///
/// NB: all writes go through this actor so that what one connection receives keeps the order in
/// which the lobby decided it, whichever connection's message caused it.
actor LobbyService {
    private var lobby: Lobby
    private var channels: [ConnectionID: any Channel] = [:]
    private var nextConnection: UInt64 = 1
    private let maxConnections: Int
    private let maxQueuedBytes: Int
    private let credentials: CredentialSource
    private var logger: Logger

    init(lobby: Lobby, maxConnections: Int, maxQueuedBytes: Int, credentials: CredentialSource, logger: Logger) {
        self.lobby = lobby
        self.maxConnections = maxConnections
        self.maxQueuedBytes = maxQueuedBytes
        self.credentials = credentials
        self.logger = logger
    }

    var connectionCount: Int { self.channels.count }

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
        let greeting = self.lobby.greet(
            hello, re: re, on: connection, player: self.credentials.newPlayerID(),
            resumeToken: self.credentials.newResumeToken())
        self.deliver(greeting.deliveries)
        if let player = greeting.player {
            self.logger.info("hello accepted", metadata: ["connection": "\(connection)", "player": "\(player)"])
            return true
        }
        return false
    }

    /// Hands a greeted player's message to the lobby.
    func receive(_ envelope: ClientEnvelope, from connection: ConnectionID) {
        self.deliver(self.lobby.receive(envelope, from: connection))
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
        self.deliver(self.lobby.disconnect(connection))
    }

    /// Tells every connection that the host is stopping, and closes them all.
    func shutDown() {
        let goodbye = HostEnvelope(.error(ErrorMessage(
            code: .shuttingDown, message: "the host is shutting down", fatal: true)))
        for connection in self.channels.keys {
            self.close(connection, with: goodbye)
        }
    }

    private func deliver(_ deliveries: [Delivery]) {
        for delivery in deliveries {
            self.write(delivery.envelope, to: delivery.connection)
        }
    }

    private func write(_ envelope: HostEnvelope, to connection: ConnectionID) {
        guard let channel = self.channels[connection] else { return }
        guard channel.isWritable else {
            // NB: a client that stops reading must not make the host buffer without bound.
            self.logger.notice("dropping slow consumer", metadata: ["connection": "\(connection)"])
            self.channels.removeValue(forKey: connection)
            channel.close(promise: nil)
            return
        }
        channel.writeAndFlush(channel.allocator.buffer(bytes: WireCodec.frame(envelope)), promise: nil)
    }
}

/// Makes player ids and resume tokens.
struct CredentialSource: Sendable {
    var newPlayerID: @Sendable () -> PlayerID
    var newResumeToken: @Sendable () -> ResumeToken

    /// Ids and tokens from the system's cryptographically secure generator.
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
