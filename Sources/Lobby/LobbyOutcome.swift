import Protocol

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
        expected: Int? = nil, option: String? = nil, details: [String: Int]? = nil
    ) {
        let error = ErrorMessage(
            code: code, message: message, fatal: false, rule: rule, expected: expected, option: option,
            details: details)
        self.send(.error(error), to: connection, re: re)
    }
}
