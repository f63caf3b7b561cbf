import Protocol

/// The host's handle for one connection, unique for the host's lifetime.
///
/// The lobby addresses what it sends by connection, never by socket: the transport maps ids to sockets.
public struct ConnectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number the transport assigned.
    public let rawValue: UInt64

    /// Creates an id.
    /// - Parameter rawValue: a number no other connection of this host has had.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "c\(self.rawValue)" }
}
