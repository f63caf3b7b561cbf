import Lobby
import Logging
import Protocol
import Synchronization

// MARK: - One connection's session, whatever its transport

/// What every connection's session needs from its host: admission, the lobby, and the release at the end.
/// Every session runs on its connection's event loop (``SessionHandler``), a WebSocket's too
/// (``WebSocketSessionHandler``).
struct HostSessions: Sendable {
    let service: LobbyService
    let configuration: HostConfiguration
    let logger: Logger
    /// The TCP connections accepted and not yet released, which the host waits for when it stops.
    let census = ConnectionCensus()

    /// A new connection's protocol state.
    func newSession() -> ConnectionSession<ContinuousClock.Instant> {
        ConnectionSession(
            rateLimit: self.configuration.faults.has(.noRateLimit)
                ? RateLimit(burst: 1 << 30, perSecond: 1 << 30) : self.configuration.rateLimit,
            now: ContinuousClock.now, faults: self.configuration.faults)
    }

    /// Registers a connection with the lobby, or refuses it: `host-full` when the host is full,
    /// `shutting-down` once it is stopping.
    /// - Parameters:
    ///   - link: the connection, framed TCP or WebSocket.
    ///   - remote: the peer's address, for the log.
    /// - Returns: the connection's id and its logger, or `nil` when it was refused.
    func admit(_ link: ClientLink, remote: String) async -> (ConnectionID, Logger)? {
        let id: ConnectionID
        switch await self.service.open(link) {
        case .success(let opened):
            id = opened
        case .failure(.full):
            self.logger.notice("refused: host full", metadata: ["remote": "\(remote)"])
            let maximum = self.configuration.servedConnections
            let refusal = ErrorMessage(
                code: .hostFull, message: "the host already serves \(maximum) connections; try again later",
                fatal: true)
            link.send(closing: HostEnvelope(.error(refusal)))
            return nil
        case .failure(.shuttingDown):
            // NB: a connection accepted while the host was stopping, or through the web side after it.
            self.logger.info("refused: shutting down", metadata: ["remote": "\(remote)"])
            link.send(closing: LobbyService.goodbye)
            return nil
        }
        var logger = self.logger
        logger[metadataKey: "connection"] = "\(id)"
        logger.info("connected", metadata: ["remote": "\(remote)", "transport": "\(link.framing)"])
        return (id, logger)
    }

    /// Logs why the host closes a connection.
    static func logClosing(_ envelope: HostEnvelope, logger: Logger) {
        if case .error(let error) = envelope.message {
            logger.info("closing", metadata: ["code": "\(error.code)"])
        }
    }

    /// Forgets a connection whose session ended.
    func release(_ id: ConnectionID, logger: Logger) async {
        let name = await self.service.disconnect(id)
        logger.info("disconnected", metadata: name.map { ["name": "\($0)"] } ?? [:])
    }
}

/// Counts the connections a host has accepted and not yet released, so that a stopping host returns only
/// once every connection's end reached the lobby (and its journal).
final class ConnectionCensus: Sendable {
    private let state = Mutex<(count: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))
    private let observer = Mutex<(@Sendable (Int) -> Void)?>(nil)

    /// Sets who is told the number of connections after each arrival and release (``ConnectionSteering``).
    func observe(_ observer: @escaping @Sendable (Int) -> Void) {
        self.observer.withLock { $0 = observer }
    }

    /// A connection was accepted.
    func arrived() {
        self.state.withLock { state in
            state.count += 1
            // NB: told under the lock, so that the observer sees the counts in their order.
            self.observer.withLock { $0 }?(state.count)
        }
    }

    /// A connection was released.
    func left() {
        let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            self.observer.withLock { $0 }?(state.count)
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no connection is left.
    func allGone() async {
        await withCheckedContinuation { continuation in
            let now = self.state.withLock { state -> Bool in
                if state.count == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
