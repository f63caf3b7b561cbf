// MARK: Small values read and written without a Decoder or an Encoder

/// One member of a flat JSON object: a string, a whole number or a boolean.
public enum JSONScalar: Sendable, Hashable {
    case integer(Int)
    case string(String)
    case bool(Bool)
}

/// A JSON object as a reader sees it: how many members it has, and each member read as exactly one kind.
///
/// NB: GameKit knows no JSON tree; the protocol module's reader over a `JSONValue` object conforms.
public protocol JSONObjectReader {
    /// How many members the object has.
    var memberCount: Int { get }
    /// The member, when it is a whole number that a `Decodable` `Int` reads; otherwise `nil`.
    func integer(_ key: String) -> Int?
    /// The member, when it is a string; otherwise `nil`.
    func string(_ key: String) -> String?
    /// The member, when it is `true` or `false`; otherwise `nil`.
    func bool(_ key: String) -> Bool?
}

/// A value whose JSON is one object of strings, whole numbers and booleans, read and written without
/// `Decodable` and `Encodable` where that happens often: a game's move, which the host reads from every
/// `move` and writes into every `state` and the journal, and which every client reads from every `state`.
///
/// The contract, which the game's tests hold it to (`FlatJSONObjectCheck` in the tests' support):
/// - ``init(readingObject:)`` returns a value only when `Decodable` reads the same value from the
///   object; for anything else it returns `nil`, and `Decodable` decides, with its error;
/// - ``jsonMembers`` are exactly what `Encodable` writes, in any order.
///
/// NB: optional. A game whose move does not conform is read and written through `Codable`, as before
/// (docs/GAMES.md, "Writing JSON fast").
public protocol FlatJSONObject: Codable {
    /// Reads the value from an object, or returns `nil` to leave the object to `Decodable`.
    init?(readingObject object: some JSONObjectReader)
    /// The object's members, as `Encodable` writes them.
    var jsonMembers: [(key: String, value: JSONScalar)] { get }
}
