import GameKit

/// One commitment period of the dice: the host's commitment to a secret, the seeds fixed at the period's
/// first roll, and the rolls made under it.
///
/// A period starts when the previous one ends (at a decision) or with the match, and ends at the next
/// decision, or when the match ends. Its secret is hidden from every viewer until it is revealed then.
/// The state carries the current period; a ``CrapsRecord`` lists the periods of a match.
public struct DicePeriod: Sendable, Hashable {
    /// 1 for the match's first period, then 2, 3, …
    public var number: Int
    /// SHA-256 of the secret's 32 bytes, as 64 lowercase hex digits: published before the period's
    /// first roll.
    public var commitment: String
    /// The 32 secret bytes as 64 lowercase hex digits: known to the host; to everyone else only once
    /// revealed.
    public var secret: String?
    /// The seats' seeds in seat order, fixed at the period's first roll; `nil` before it.
    public var seeds: [String]?
    /// The rolls made in this period, in order (roll 1 first).
    public var rolls: [Dice]

    /// A period.
    /// - Parameters:
    ///   - number: its number in the match, from 1.
    ///   - commitment: SHA-256 of the secret, in hex.
    ///   - secret: the secret, in hex, when known.
    ///   - seeds: the seeds in seat order, once fixed.
    ///   - rolls: the rolls so far.
    public init(number: Int, commitment: String, secret: String? = nil, seeds: [String]? = nil, rolls: [Dice] = []) {
        self.number = number
        self.commitment = commitment
        self.secret = secret
        self.seeds = seeds
        self.rolls = rolls
    }

    /// A period that starts with a fresh secret (the host's copy: the secret and its commitment).
    /// - Parameters:
    ///   - number: the period's number.
    ///   - secret: 64 lowercase hex digits.
    public init?(number: Int, secret: String) {
        guard let commitment = DiceDerivation.commitment(ofSecret: secret) else { return nil }
        self.init(number: number, commitment: commitment, secret: secret)
    }
}

extension DicePeriod: Codable {
    enum CodingKeys: String, CodingKey {
        case number, commitment, secret, seeds, rolls
    }

    /// Reads a period. A secret that does not match the commitment is read as it is (a verifier names it);
    /// a shape that cannot be a period is refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func corrupt(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: message)
        }
        self.number = try c.decode(Int.self, forKey: .number)
        guard self.number >= 1 else { throw corrupt(.number, "a period's number starts at 1") }
        self.commitment = try c.decode(String.self, forKey: .commitment)
        guard DiceDerivation.isDigest(self.commitment) else {
            throw corrupt(.commitment, "a commitment is 64 lowercase hex digits")
        }
        self.secret = try c.decodeIfPresent(String.self, forKey: .secret)
        if let secret = self.secret, !DiceDerivation.isDigest(secret) {
            throw corrupt(.secret, "a secret is 64 lowercase hex digits (32 bytes)")
        }
        self.seeds = try c.decode([String]?.self, forKey: .seeds)
        self.rolls = try c.decode([Dice].self, forKey: .rolls)
        guard self.rolls.isEmpty || self.seeds != nil else {
            throw corrupt(.seeds, "a period with rolls has its seeds (fixed at its first roll)")
        }
    }

    /// Writes `{"number","commitment","secret"?,"seeds","rolls"}`; `secret` only when known.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(self.number, forKey: .number)
        try c.encode(self.commitment, forKey: .commitment)
        if let secret = self.secret { try c.encode(secret, forKey: .secret) }
        try c.encode(self.seeds, forKey: .seeds)
        try c.encode(self.rolls, forKey: .rolls)
    }
}
