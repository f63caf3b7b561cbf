import Protocol

/// The lobby's tables by id, keeping the earliest of their deadlines (``Table/nextDeadline``) up to
/// date as tables are stored.
///
/// NB: a table is a value: every change to one goes through this set's subscript setter or
/// ``removeValue(forKey:)``, which is where its deadline is read again. So the lobby's
/// ``Lobby/nextDeadline`` no longer looks at every table after every event.
struct TableSet: Sendable {
    private var byID: [TableID: Table] = [:]
    private var deadlines = DeadlineQueue()

    /// The table with this id, if any; storing a table (or `nil`) records its deadline.
    subscript(id: TableID) -> Table? {
        get { self.byID[id] }
        set {
            self.byID[id] = newValue
            self.deadlines.set(newValue?.nextDeadline, for: id)
        }
    }

    /// Stores a table taken out with ``removeValue(forKey:)``, moved in rather than copied (every move
    /// at a table takes it out and stores it back).
    mutating func store(_ table: consuming Table) {
        let id = table.id
        self.deadlines.set(table.nextDeadline, for: id)
        self.byID[id] = consume table
    }

    /// Takes a table out of the set (to change it and store it back).
    @discardableResult
    mutating func removeValue(forKey id: TableID) -> Table? {
        let table = self.byID.removeValue(forKey: id)
        if table != nil { self.deadlines.set(nil, for: id) }
        return table
    }

    /// The earliest deadline of any table in the set.
    var nextDeadline: LobbyTime? { self.deadlines.earliest }

    var keys: Dictionary<TableID, Table>.Keys { self.byID.keys }
    var values: Dictionary<TableID, Table>.Values { self.byID.values }
    var isEmpty: Bool { self.byID.isEmpty }
    var count: Int { self.byID.count }
}
