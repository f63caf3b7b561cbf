/// Where the parser puts an object's members: a dictionary for a tree, or ``ParsedMembers`` for a
/// message's own members.
protocol ObjectMembers {
    /// No members yet.
    init()
    /// A member, after those before it; a name that repeats replaces the earlier value when read.
    mutating func add(_ key: String, _ value: ParsedJSON)
}

extension Dictionary: ObjectMembers where Key == String, Value == ParsedJSON {
    mutating func add(_ key: String, _ value: ParsedJSON) {
        self[key] = value
    }
}

/// A message's own members, in the order they came: what the readers that take a message member by
/// member go through (``MatchUpdate/envelope(reading:)``, ``MoveRequest/envelope(reading:)``, ...).
///
/// NB: a message is read once, member after member, so its members need no hash table: a client reads a
/// `state` of a dozen members after every move, and the host a `move` of five. A name may repeat (RFC
/// 8259 allows it): the readers, as the general reading, keep its last value.
struct ParsedMembers: ObjectMembers, Sequence {
    typealias Element = (key: String, value: ParsedJSON)

    // NB: names and values apart: a look-up by name reads the names only, without copying (and
    // retaining) the values beside them; measured, two arrays cost less than one array of pairs.
    private var keys: [String]
    private var values: [ParsedJSON]

    init() {
        // NB: room for a message's own members (a `state` has up to 13) at once, without growing four
        // times on the way.
        self.keys = []
        self.values = []
        self.keys.reserveCapacity(16)
        self.values.reserveCapacity(16)
    }

    mutating func add(_ key: String, _ value: ParsedJSON) {
        self.keys.append(key)
        self.values.append(value)
    }

    struct Iterator: IteratorProtocol {
        fileprivate let members: ParsedMembers
        fileprivate var index = 0

        mutating func next() -> Element? {
            guard self.index < self.members.keys.count else { return nil }
            defer { self.index += 1 }
            return (self.members.keys[self.index], self.members.values[self.index])
        }
    }

    func makeIterator() -> Iterator {
        Iterator(members: self)
    }

    /// The value of the member of that name (the last, if the name repeats).
    subscript(key: String) -> ParsedJSON? {
        self.keys.lastIndex(of: key).map { self.values[$0] }
    }

    /// The members as a tree's object: a repeated name's last value.
    var object: ParsedJSON {
        .object(Dictionary(zip(self.keys, self.values), uniquingKeysWith: { _, last in last }))
    }
}

/// A whole text as a message reader takes it: an object's members in order, or any other value.
enum ParsedMessage {
    case members(ParsedMembers)
    case value(ParsedJSON)

    /// The text as a tree.
    var tree: ParsedJSON {
        switch self {
        case .members(let members): members.object
        case .value(let value): value
        }
    }
}

extension ParsedJSON {
    /// Parses a whole payload as ``parse(_:deferring:)`` does, keeping a top-level object's members in
    /// the order they came (``ParsedMembers``), for a reader that takes them one by one.
    static func parseMessage(_ bytes: [UInt8], deferring: Bool = false) -> Result<ParsedMessage, JSONSyntaxError> {
        self.parsing(bytes, deferring: deferring) { $0.message() }
    }
}
