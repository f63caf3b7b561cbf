import Protocol

/// The players connected to the host, by connection and by name.
struct PlayerRoster: Sendable {
    struct Entry: Sendable, Equatable {
        var id: PlayerID
        var name: String
        var connection: ConnectionID
    }

    private var byConnection: [ConnectionID: Entry] = [:]
    private var connectionByNameKey: [String: ConnectionID] = [:]

    /// The players in the order they connected.
    var entries: [Entry] {
        self.byConnection.values.sorted { $0.connection < $1.connection }
    }

    var count: Int { self.byConnection.count }

    func entry(on connection: ConnectionID) -> Entry? {
        self.byConnection[connection]
    }

    func isNameTaken(_ name: String) -> Bool {
        self.connectionByNameKey[PlayerName.uniquenessKey(name)] != nil
    }

    mutating func add(_ entry: Entry) {
        precondition(self.byConnection[entry.connection] == nil, "connection \(entry.connection) already greeted")
        precondition(!self.isNameTaken(entry.name), "name \(entry.name) already taken")
        self.byConnection[entry.connection] = entry
        self.connectionByNameKey[PlayerName.uniquenessKey(entry.name)] = entry.connection
    }

    @discardableResult
    mutating func remove(connection: ConnectionID) -> Entry? {
        guard let entry = self.byConnection.removeValue(forKey: connection) else { return nil }
        self.connectionByNameKey.removeValue(forKey: PlayerName.uniquenessKey(entry.name))
        return entry
    }
}
