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

/// A point in the host's monotonic time, in milliseconds since an arbitrary origin.
///
/// NB: the lobby never reads a clock; the transport passes the time with every event.
public struct LobbyTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Milliseconds since the origin.
    public var milliseconds: Int64

    /// Creates a time.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public static func < (lhs: LobbyTime, rhs: LobbyTime) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// This time plus some seconds.
    public func adding(seconds: Int) -> LobbyTime {
        LobbyTime(milliseconds: self.milliseconds + Int64(seconds) * 1000)
    }

    public var description: String { "\(self.milliseconds) ms" }
}

/// What the transport must do after a lobby event: commit the journal entries, then send the
/// deliveries in order.
public struct LobbyOutcome: Sendable, Equatable {
    /// Durable changes, to commit before anything is sent.
    public var journal: [JournalEntry] = []
    /// Messages to send, in order.
    public var deliveries: [Delivery] = []
    /// The player a `hello` greeted, if this outcome answers one successfully.
    public var greeted: PlayerID?

    /// Creates an empty outcome.
    public init() {}

    mutating func send(_ message: HostMessage, to connection: ConnectionID, re: RequestID? = nil) {
        self.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, message)))
    }

    /// The seat `player` holds at `table`; when none, refuses the request with `not-a-player` and
    /// returns `nil`.
    mutating func seat(
        of player: PlayerID, at table: Table, refusing connection: ConnectionID, re: RequestID?, hint: String = ""
    ) -> String? {
        if let seat = table.seat(of: player) { return seat }
        self.refuse(.notAPlayer, "you hold no seat at table \(table.id)\(hint)", to: connection, re: re)
        return nil
    }

    mutating func refuse(
        _ code: ErrorCode, _ message: String, to connection: ConnectionID, re: RequestID?, rule: String? = nil,
        expected: Int? = nil
    ) {
        let error = ErrorMessage(code: code, message: message, fatal: false, rule: rule, expected: expected)
        self.send(.error(error), to: connection, re: re)
    }
}
