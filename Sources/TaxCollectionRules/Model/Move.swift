import GameKit

/// A move by the player who holds the turn.
///
/// On the wire a move is exactly `{"bank": 1…5, "direction": "up"|"down"}` or `{"refill": true}`.
/// Decoding refuses anything else (a bank outside 1…5, both shapes at once, `"refill": false`, unknown
/// keys) with a `DecodingError` that says what is wrong.
public enum Move: Sendable, Hashable, CustomStringConvertible {
    /// Take every dollar of one of the mover's banks (1…5, from the top) and sow them in a direction.
    case sow(bank: Int, direction: Direction)
    /// Put one dollar from the mover's collection into each of their five empty banks.
    case refill

    /// Every move that can ever be legal, in the canonical order: bank 1 up, bank 1 down, …, bank 5 down,
    /// refill. ``GameState/legalMoves`` keeps this order.
    public static let all: [Move] =
        (1...5).flatMap { bank in [Move.sow(bank: bank, direction: .up), .sow(bank: bank, direction: .down)] }
        + [.refill]

    /// A short form for logs: `3 up`, `1 down`, `refill`.
    public var description: String {
        switch self {
        case .sow(let bank, let direction): "\(bank) \(direction)"
        case .refill: "refill"
        }
    }
}

extension Move: Codable {
    /// Any key, so that unknown keys can be found and refused.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let bank = AnyKey(stringValue: "bank")
        static let direction = AnyKey(stringValue: "direction")
        static let refill = AnyKey(stringValue: "refill")
    }

    /// Reads `{"bank": n, "direction": d}` or `{"refill": true}` and nothing else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        // NB: compared as an array: a move has one or two keys, and sets cost a hash of each.
        let keys = container.allKeys.map(\.stringValue)
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        if keys == ["refill"] {
            guard try container.decode(Bool.self, forKey: .refill) else {
                throw corrupt("a refill move is {\"refill\": true}; \"refill\": false is not a move")
            }
            self = .refill
        } else if keys.count == 2, keys.contains("bank"), keys.contains("direction") {
            let bank = try container.decode(Int.self, forKey: .bank)
            guard (1...5).contains(bank) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bank, in: container, debugDescription: "bank must be 1 to 5, not \(bank)")
            }
            self = .sow(bank: bank, direction: try container.decode(Direction.self, forKey: .direction))
        } else {
            let shown = keys.sorted().joined(separator: ", ")
            throw corrupt(
                "a move is {\"bank\": 1-5, \"direction\": \"up\"|\"down\"} or {\"refill\": true}; got keys [\(shown)]")
        }
    }

    /// Writes `{"bank": n, "direction": d}` or `{"refill": true}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .sow(let bank, let direction):
            try container.encode(bank, forKey: .bank)
            try container.encode(direction, forKey: .direction)
        case .refill:
            try container.encode(true, forKey: .refill)
        }
    }
}

extension Move: FlatJSONObject {
    /// Reads what ``init(from:)`` reads; anything else (which it refuses, saying why) is left to it.
    public init?(readingObject object: some JSONObjectReader) {
        switch object.memberCount {
        case 1 where object.bool("refill") == true:
            self = .refill
        case 2:
            guard let bank = object.integer("bank"), (1...5).contains(bank),
                let direction = object.string("direction").flatMap(Direction.init(rawValue:))
            else { return nil }
            self = .sow(bank: bank, direction: direction)
        default:
            return nil
        }
    }

    /// What ``encode(to:)`` writes, as its text: `{"bank":3,"direction":"up"}`, `{"refill":true}`; `nil`
    /// for a bank no move has (which no reader makes), left to the members.
    ///
    /// NB: each of the eleven written once, and shared: the host writes a move's text for the journal and
    /// the `state` messages after every move, and each client its own moves.
    var text: [UInt8]? {
        switch self {
        case .sow(let bank, let direction):
            // NB: the place of the move in ``all``.
            (1...5).contains(bank) ? Self.texts[2 * (bank - 1) + (direction == .up ? 0 : 1)] : nil
        case .refill:
            Self.texts[Self.all.count - 1]
        }
    }

    /// The move whose ``text`` is exactly `text`; `nil` for any other text (the same move written another
    /// way, too: its members are read then).
    ///
    /// NB: compared eight bytes at a time; byte by byte, through the generic `elementsEqual`, the eleven
    /// texts cost 650 instructions a lookup, and the host and each client look up every move.
    init?(keptText text: UnsafeRawBufferPointer) {
        guard let index = Self.texts.firstIndex(where: { Self.same($0, text) }) else { return nil }
        self = Self.all[index]
    }

    /// Whether `kept` holds exactly the bytes of `text`.
    private static func same(_ kept: [UInt8], _ text: UnsafeRawBufferPointer) -> Bool {
        guard kept.count == text.count else { return false }
        return kept.withUnsafeBytes { kept in
            guard let one = kept.baseAddress, let other = text.baseAddress else { return true }
            var offset = 0
            while offset + 8 <= text.count {
                guard
                    one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            return kept[offset...].elementsEqual(text[offset...])
        }
    }

    /// The text of each of ``all``, in its order, written once from its ``jsonMembers``.
    private static let texts: [[UInt8]] = Self.all.map { move in
        var json = JSONTextWriter(capacity: 32)
        json.beginObject()
        for (key, value) in move.jsonMembers { json.member(key, value) }
        json.endObject()
        return json.bytes
    }

    /// What ``encode(to:)`` writes.
    public var jsonMembers: [(key: String, value: JSONScalar)] {
        switch self {
        case .sow(let bank, let direction): [("bank", .integer(bank)), ("direction", .string(direction.rawValue))]
        case .refill: [("refill", .bool(true))]
        }
    }
}
