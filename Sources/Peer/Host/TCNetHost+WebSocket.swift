import Logging
import NIOCore

// MARK: - The WebSocket transport's way into the lobby (PROTOCOL.md section 16)

extension TCNetHost {
    /// The largest WebSocket message the host reads, in bytes (`maxFrame`, as on TCP).
    package var webSocketMessageLimit: Int { self.configuration.enforcedFrameLimits.maxPayload }

    /// Readies a connection that is being upgraded to a WebSocket for tcnet/1: puts a
    /// ``WebSocketGuard`` at the front of its pipeline (size limit, hello, frame and idle timers) and
    /// sets the host's write buffer limit. Call it on the channel's event loop, while deciding the upgrade.
    /// - Parameter channel: the upgrading connection.
    /// - Returns: the handshake flag the guard shares with the session; pass it to
    ///   ``serveWebSocket(_:handshake:messages:)``.
    package func guardWebSocket(_ channel: any Channel) throws -> HandshakeFlag {
        let handshake = HandshakeFlag()
        let guardHandler = WebSocketGuard(
            limits: self.configuration.enforcedFrameLimits, timeouts: self.configuration.enforcedTimeouts,
            handshake: handshake, logger: self.logger, faults: self.configuration.faults)
        try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        try channel.pipeline.syncOperations.addHandler(
            SlowConsumerGuard(logger: self.logger), position: .after(guardHandler))
        try channel.syncOptions?.setOption(.writeBufferWaterMark, value: self.configuration.writeBufferWaterMark)
        try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: HostConfiguration.kernelSendBuffer)
        return handshake
    }

    /// Serves an upgraded WebSocket connection until it closes: the same admission (connection limit),
    /// session (decoding, rate limit, hello gate) and lobby as a TCP connection.
    /// - Parameters:
    ///   - channel: the upgraded connection; the lobby writes one text frame per message to it.
    ///   - handshake: from ``guardWebSocket(_:)``.
    ///   - messages: the client's messages, each a whole (reassembled) WebSocket message's payload.
    package func serveWebSocket<Messages: AsyncSequence>(
        _ channel: any Channel, handshake: HandshakeFlag, messages: Messages
    ) async where Messages.Element == [UInt8] {
        let remote = channel.remoteAddress.map { "\($0)" } ?? "unknown"
        guard
            let (id, logger) = await self.sessions.admit(
                ClientLink(channel: channel, framing: .webSocket), remote: remote)
        else { return }
        do {
            try await self.sessions.runSession(messages, on: id, handshake: handshake, logger: logger)
        } catch {
            logger.debug("connection error", metadata: ["error": "\(error)"])
        }
        await self.sessions.release(id, logger: logger)
    }
}
