import GameKit

// MARK: The state hash

extension GameState {
    /// The bytes that ``stateHash`` digests, defined byte for byte in docs/RULES.md ("The state hash"):
    /// a version tag, the rule set's name, then every field as a 32-bit big-endian integer or one byte.
    public var hashBytes: [UInt8] {
        var bytes = Array("tcnet-tax-collection-state-1".utf8)
        bytes.append(0)
        bytes.append(contentsOf: rules.name.utf8)
        bytes.append(0)
        func append(_ value: Int) {
            let word = UInt32(truncatingIfNeeded: value)
            for shift: UInt32 in [24, 16, 8, 0] {
                bytes.append(UInt8(truncatingIfNeeded: word >> shift))
            }
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
