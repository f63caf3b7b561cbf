import Protocol

/// A message the lobby wants sent to one connection.
public struct Delivery: Sendable, Equatable {
    /// The connection to send to.
    public var connection: ConnectionID
    /// The message.
    public var envelope: HostEnvelope
    /// Whether the transport closes the connection once the message is written.
    public var closesConnection: Bool

    /// Creates a delivery.
    public init(to connection: ConnectionID, _ envelope: HostEnvelope, closesConnection: Bool = false) {
        self.connection = connection
        self.envelope = envelope
        self.closesConnection = closesConnection
    }
}
