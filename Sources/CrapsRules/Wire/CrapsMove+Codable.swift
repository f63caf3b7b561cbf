import GameKit

extension CrapsMove: Codable {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let roll = AnyKey(stringValue: "roll")
        static let dice = AnyKey(stringValue: "dice")
        static let reveal = AnyKey(stringValue: "reveal")
        static let next = AnyKey(stringValue: "next")
        static let commitment = AnyKey(stringValue: "commitment")
        static let ante = AnyKey(stringValue: "ante")
        static let reset = AnyKey(stringValue: "reset")
        static let seed = AnyKey(stringValue: "seed")
        static let leave = AnyKey(stringValue: "leave")
        static let reason = AnyKey(stringValue: "reason")
    }

    static let shapes =
        #"{"roll":true}, {"ante":cents}, {"reset":true}, {"seed":"text"} or {"leave":"P1","reason":"resigned"}"#

    /// Reads one of the shapes of docs/CRAPS.md and nothing else: unknown keys, two shapes at once,
    /// `"roll": false`, dice outside 1…6 and secrets that are not 64 lowercase hex digits are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let keys = Set(c.allKeys.map(\.stringValue))
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        func digest(_ key: AnyKey) throws -> String? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard DiceDerivation.isDigest(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "\(key.stringValue) must be 64 lowercase hex digits")
            }
            return text
        }
        if keys.contains("roll") {
            guard keys.isSubset(of: ["roll", "dice", "reveal", "next", "commitment"]) else {
                throw corrupt("a roll is {\"roll\":true} (the host adds dice, reveal, next or commitment)")
            }
            guard try c.decode(Bool.self, forKey: .roll) else {
                throw corrupt("a roll is {\"roll\":true}; \"roll\": false is not a move")
            }
            guard let dice = try c.decodeIfPresent(Dice.self, forKey: .dice) else {
                guard keys == ["roll"] else { throw corrupt("a roll's reveal, next or commitment comes with its dice") }
                self = .roll(nil)
                return
            }
            let next = try digest(.next).map(NextPeriod.secret)
            let commitment = try digest(.commitment).map(NextPeriod.commitment)
            guard next == nil || commitment == nil else {
                throw corrupt("a roll carries the next period's secret or its commitment, not both")
            }
            self = .roll(PreparedRoll(dice: dice, reveal: try digest(.reveal), next: next ?? commitment))
        } else if keys == ["ante"] {
            self = .ante(Money(cents: try c.decode(Int64.self, forKey: .ante)))
        } else if keys == ["reset"] {
            guard try c.decode(Bool.self, forKey: .reset) else {
                throw corrupt("a reset is {\"reset\":true}; \"reset\": false is not a move")
            }
            self = .reset
        } else if keys == ["seed"] {
            self = .seed(try c.decode(String.self, forKey: .seed))
        } else if keys == ["leave", "reason"] || keys == ["leave", "reason", "reveal"] {
            self = .leave(
                try c.decode(String.self, forKey: .leave), try c.decode(LeaveReason.self, forKey: .reason),
                reveal: try digest(.reveal))
        } else {
            throw corrupt("a move is \(Self.shapes); got keys [\(keys.sorted().joined(separator: ", "))]")
        }
    }

    /// Writes the move in the shape and key order of docs/CRAPS.md.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .roll(let prepared):
            try c.encode(true, forKey: .roll)
            guard let prepared else { return }
            try c.encode(prepared.dice, forKey: .dice)
            if let reveal = prepared.reveal { try c.encode(reveal, forKey: .reveal) }
            switch prepared.next {
            case .secret(let secret)?: try c.encode(secret, forKey: .next)
            case .commitment(let commitment)?: try c.encode(commitment, forKey: .commitment)
            case nil: break
            }
        case .ante(let ante):
            try c.encode(ante, forKey: .ante)
        case .reset:
            try c.encode(true, forKey: .reset)
        case .seed(let seed):
            try c.encode(seed, forKey: .seed)
        case .leave(let seat, let reason, let reveal):
            try c.encode(seat, forKey: .leave)
            try c.encode(reason, forKey: .reason)
            if let reveal { try c.encode(reveal, forKey: .reveal) }
        }
    }
}
