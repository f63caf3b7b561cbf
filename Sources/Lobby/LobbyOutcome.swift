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

    /// How far an outcome had come: what is added after it is the next event's.
    ///
    /// NB: a host collects the outcomes of a batch's messages in one (``Lobby/receive(_:from:now:into:)``),
    /// and what follows each message (a tournament's desk) looks at that message's part alone.
    public struct Mark: Sendable {
        /// The journal entries before the event's.
        public var journal = 0
        /// The player greeted before the event, if any.
        public var greeted: PlayerID?

        /// The mark of an empty outcome: everything in an outcome is after it.
        public init() {}
    }

    /// Where the outcome stands: what is added from now on comes after this mark.
    public var mark: Mark {
        var mark = Mark()
        mark.journal = self.journal.count
        mark.greeted = self.greeted
        return mark
    }

    /// The journal entries added since `mark`.
    public func journal(since mark: Mark) -> ArraySlice<JournalEntry> {
        self.journal[mark.journal...]
    }

    /// The player an event after `mark` greeted, if one did.
    public func greeted(since mark: Mark) -> PlayerID? {
        self.greeted == mark.greeted ? nil : self.greeted
    }

    /// Adds another outcome's entries and deliveries after this one's (and the player it greeted, if any).
    public mutating func merge(_ other: LobbyOutcome) {
        self.journal += other.journal
        self.deliveries += other.deliveries
        if let greeted = other.greeted { self.greeted = greeted }
    }

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
