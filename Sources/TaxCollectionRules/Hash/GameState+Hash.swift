import GameKit

// MARK: The state hash

extension GameState {
    /// The bytes that ``stateHash`` digests, defined byte for byte in docs/RULES.md ("The state hash"):
    /// a version tag, the rule set's name, then every field as a 32-bit big-endian integer or one byte.
    public var hashBytes: [UInt8] {
        // NB: room for every field at once (the tag, a rule set's name, 20 words, 3 bytes), so the array
        // is allocated once.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes.append(contentsOf: "tcnet-tax-collection-state-1".utf8)
        bytes.append(0)
        bytes.append(contentsOf: rules.name.utf8)
        bytes.append(0)
        func append(_ value: Int) {
            let word = UInt32(truncatingIfNeeded: value)
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        append(top)
        append(bottom)
        for seat in Seat.allCases {
            for number in 1...5 { append(self[.bank(seat, number)]) }
        }
        append(collections.a)
        append(collections.b)
        append(debts.a)
        append(debts.b)
        bytes.append(UInt8(ascii: turn == .a ? "A" : "B"))
        switch phase {
        case .refill: bytes.append(UInt8(ascii: "r"))
        case .sow: bytes.append(UInt8(ascii: "s"))
        case .over: bytes.append(UInt8(ascii: "o"))
        }
        append(turns)
        switch winner {
        case nil: bytes.append(UInt8(ascii: "-"))
        case .won(let seat)?: bytes.append(UInt8(ascii: seat == .a ? "A" : "B"))
        case .draw?: bytes.append(UInt8(ascii: "D"))
        }
        return bytes
    }

    /// SHA-256 of ``hashBytes`` as 64 lowercase hex digits: the value a client compares with the host's.
    public var stateHash: String {
        SHA256.hex(of: hashBytes)
    }
}
