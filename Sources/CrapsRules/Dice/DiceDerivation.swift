import GameKit

/// The provably fair dice: how roll *n* of a period follows from the period's secret and the players'
/// seeds, and how a secret is committed to. Specified byte for byte in docs/CRAPS.md ("The dice").
///
/// ```
/// message(n, b) = "tcnet-craps-dice-1" ‖ 0x00 ‖ u32(seat count)
///                 ‖ for each seat, in seat order: u32(byte length of its seed) ‖ seed bytes
///                 ‖ u32(n) ‖ u32(b)                       (u32: 4 bytes, big-endian)
/// block(n, b)   = HMAC-SHA256(key: the secret's 32 bytes, message(n, b))
/// ```
/// The bytes of block(n, 0), then block(n, 1), … are read in order; a byte of 252 or more is skipped
/// (rejection sampling: 252 = 6 × 42, so every face has exactly 42 byte values behind it), and an
/// accepted byte gives the face `byte mod 6 + 1`. The first accepted byte is the first die, the second
/// accepted byte the second die.
public enum DiceDerivation {
    /// The message's leading label.
    public static let label = Array("tcnet-craps-dice-1".utf8)
    /// Bytes from here up are skipped.
    public static let rejectFrom: UInt8 = 252

    /// The commitment to a secret: SHA-256 of its 32 bytes, as 64 lowercase hex digits.
    /// - Parameter secret: the secret as 64 lowercase hex digits.
    /// - Returns: the commitment, or `nil` when `secret` is not 64 lowercase hex digits.
    public static func commitment(ofSecret secret: String) -> String? {
        guard Self.isDigest(secret), let bytes = Hex.bytes(of: secret) else { return nil }
        return SHA256.hex(of: bytes)
    }

    /// Whether text is 64 lowercase hex digits: how secrets and commitments are written.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The HMAC message for block `block` of roll `roll`.
    /// - Parameters:
    ///   - seeds: every seat's seed, in seat order (empty strings for none).
    ///   - roll: the roll's number in its period, from 1.
    ///   - block: the block's number, from 0.
    /// - Returns: the message bytes.
    public static func message(seeds: [String], roll: Int, block: Int) -> [UInt8] {
        var bytes = Self.label
        bytes.append(0)
        Self.append(seeds.count, to: &bytes)
        for seed in seeds {
            Self.append(seed.utf8.count, to: &bytes)
            bytes.append(contentsOf: seed.utf8)
        }
        Self.append(roll, to: &bytes)
        Self.append(block, to: &bytes)
        return bytes
    }

    /// A die's face for a byte of the HMAC stream.
    /// - Parameter byte: the next byte.
    /// - Returns: 1 to 6, or `nil` when the byte is skipped (252 or more).
    public static func face(of byte: UInt8) -> Int? {
        byte < Self.rejectFrom ? Int(byte % 6) + 1 : nil
    }

    /// Roll `roll` of a period.
    /// - Parameters:
    ///   - secretBytes: the period's 32 secret bytes.
    ///   - seeds: the period's seeds, in seat order.
    ///   - roll: the roll's number in the period, from 1.
    /// - Returns: the dice.
    public static func dice(secretBytes: [UInt8], seeds: [String], roll: Int) -> Dice {
        Self.dice(key: HMACSHA256.Key(secretBytes), seeds: seeds, roll: roll)
    }

    /// Roll `roll` of a period, under the period's secret made ready as an HMAC key (for many rolls).
    public static func dice(key: HMACSHA256.Key, seeds: [String], roll: Int) -> Dice {
        Self.dice { block in key.code(of: Self.message(seeds: seeds, roll: roll, block: block)) }
    }

    /// Two dice from a stream of blocks, by the rejection rule: the first two bytes below 252, read in
    /// order through block 0, 1, …, each give a face `byte mod 6 + 1`.
    /// - Parameter block: the bytes of block `b`.
    /// - Returns: the dice.
    public static func dice(fromBlocks block: (Int) -> [UInt8]) -> Dice {
        var first: Int?
        var number = 0
        while true {
            for byte in block(number) {
                guard let face = Self.face(of: byte) else { continue }
                guard let die = first else {
                    first = face
                    continue
                }
                return Dice(die, face)
            }
            number += 1
        }
    }

    /// Roll `roll` of a period whose secret is given as hex.
    /// - Returns: the dice, or `nil` when `secret` is not 64 lowercase hex digits.
    public static func dice(secret: String, seeds: [String], roll: Int) -> Dice? {
        guard Self.isDigest(secret), let bytes = Hex.bytes(of: secret) else { return nil }
        return Self.dice(secretBytes: bytes, seeds: seeds, roll: roll)
    }

    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        let word = UInt32(truncatingIfNeeded: value)
        for shift: UInt32 in [24, 16, 8, 0] {
            bytes.append(UInt8(truncatingIfNeeded: word >> shift))
        }
    }
}
