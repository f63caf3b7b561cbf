import Logging
import NIOCore

// MARK: - The WebSocket transport's way into the lobby (PROTOCOL.md section 16)

extension TCNetHost {
    /// The largest WebSocket message the host reads, in bytes (`maxFrame`, as on TCP).
    package var webSocketMessageLimit: Int { self.configuration.enforcedFrameLimits.maxPayload }

    /// Readies a connection that is being upgraded to a WebSocket for tcnet/1: puts a
    /// ``WebSocketGuard`` at the front of its pipeline (size limit, hello, frame and idle timers), sets the
    /// host's write buffer limit, and has the connection's session (``WebSocketSessionHandler``) join the
    /// pipeline once the upgrade is done: its messages are then taken on its event loop, as a framed TCP
    /// connection's are. Call it on the channel's event loop, while deciding the upgrade.
    /// - Parameter channel: the upgrading connection.
    package func guardWebSocket(_ channel: any Channel) throws {
        let handshake = HandshakeFlag()
        // NB: the lobby's messages go straight to the socket while nothing waits in the pipeline; the guard
        // counts what does (FramedWriter).
        let writer = FramedWriter(channel: channel, framing: .webSocket)
        let guardHandler = WebSocketGuard(
            limits: self.configuration.enforcedFrameLimits, timeouts: self.configuration.enforcedTimeouts,
            handshake: handshake, logger: self.logger, faults: self.configuration.faults, writer: writer)
        try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        try channel.pipeline.syncOperations.addHandler(
            SlowConsumerGuard(logger: self.logger), position: .after(guardHandler))
        try channel.syncOptions?.setOption(.writeBufferWaterMark, value: self.configuration.writeBufferWaterMark)
        try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: HostConfiguration.kernelSendBuffer)
        let sessions = self.sessions
        let faults = self.configuration.faults
        try channel.pipeline.syncOperations.addHandler(
            WebSocketSessionInstaller {
                let link = ClientLink(writer: writer)
                let session = SessionHandler(sessions: sessions, handshake: handshake, link: link, census: nil)
                return WebSocketSessionHandler(session: .init(session), faults: faults)
            })
    }

    /// Serves an upgraded WebSocket connection until it closes. Its messages go to the lobby from its event
    /// loop (``guardWebSocket(_:)``); the web server's own handler, which runs this, answers only the
    /// control frames, and closes the connection when this returns.
    /// - Parameter inbound: the web server's stream of the client's messages, which ends with the
    ///   connection (its messages never reach it).
    package func serveWebSocket<Messages: AsyncSequence>(until inbound: Messages) async {
        do {
            for try await _ in inbound {}
        } catch {
            self.logger.debug("WebSocket ended", metadata: ["error": "\(error)"])
        }
    }
}
