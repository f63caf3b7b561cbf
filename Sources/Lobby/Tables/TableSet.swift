import Protocol

/// The lobby's tables by id, keeping the earliest of their deadlines (``Table/nextDeadline``) up to
/// date as tables are stored.
///
/// NB: a table is a value: every change to one goes through this set's subscript setter or
/// ``store(_:)``, which is where its deadline is read again. So the lobby's ``Lobby/nextDeadline`` no
/// longer looks at every table after every event.
///
/// NB: each table keeps a place in an array, found by its id once: a table taken out to change
/// (``removeValue(forKey:)``, every move) leaves its place empty and is put back there, where a
/// dictionary of tables deleted its entry (hashing the ids of the entries after it to move them back)
/// and inserted it again, each with the table's deadline (1.2 % of a busy host's samples;
/// docs/BENCHMARKS.md, twenty-sixth round).
struct TableSet: Sendable {
    /// Each table's place in ``slots``.
    private var places: [TableID: Int] = [:]
    /// The tables at their places: `nil` while a table is taken out, or for good.
    private var slots: [Table?] = []
    /// Places of tables gone for good, to reuse.
    private var free: [Int] = []
    private var deadlines = DeadlineQueue()

    /// The table with this id, if any (none while it is taken out); storing a table (or `nil`) records
    /// its deadline.
    subscript(id: TableID) -> Table? {
        get { self.places[id].flatMap { self.slots[$0] } }
        set {
            self.deadlines.set(newValue?.nextDeadline, for: id)
            guard let newValue else {
                guard let place = self.places.removeValue(forKey: id) else { return }
                self.slots[place] = nil
                self.free.append(place)
                return
            }
            self.put(newValue, id)
        }
    }

    /// Stores a table taken out with ``removeValue(forKey:)``, moved in rather than copied (every move
    /// at a table takes it out and stores it back).
    mutating func store(_ table: consuming Table) {
        let id = table.id
        self.deadlines.set(table.nextDeadline, for: id)
        self.put(table, id)
    }

    /// Takes a table out of the set, to change it and store it back; its place waits for it (and
    /// ``keys`` still lists it).
    @discardableResult
    mutating func removeValue(forKey id: TableID) -> Table? {
        guard let place = self.places[id] else { return nil }
        return self.slots[place].take()
    }

    private mutating func put(_ table: consuming Table, _ id: TableID) {
        if let place = self.places[id] {
            self.slots[place] = consume table
        } else if let place = self.free.popLast() {
            self.places[id] = place
            self.slots[place] = consume table
        } else {
            self.places[id] = self.slots.count
            self.slots.append(consume table)
        }
    }

    /// The earliest deadline of any table in the set.
    var nextDeadline: LobbyTime? { self.deadlines.earliest }

    /// The ids of the tables, in no order (a table taken out among them).
    var keys: Dictionary<TableID, Int>.Keys { self.places.keys }
    /// The tables, in no order.
    var values: [Table] { self.slots.compactMap { $0 } }
}
