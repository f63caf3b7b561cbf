import GameKit

// MARK: The state hash

extension GameState {
    /// The bytes that ``stateHash`` digests, defined byte for byte in docs/RULES.md ("The state hash"):
    /// a version tag, the rule set's name, then every field as a 32-bit big-endian integer or one byte.
    public var hashBytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: self.hashByteCapacity) { buffer, count in
            count = self.writeHashBytes(to: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Room for ``hashBytes``: the tag, the rule set's name, 17 words, 3 bytes, and a margin.
    private var hashByteCapacity: Int { 128 + self.rules.name.utf8.count }

    /// Writes ``hashBytes`` into memory with room for them, and returns how many bytes it wrote.
    ///
    /// NB: the host hashes the state after every move, and each client every state it checks: the bytes
    /// go straight into memory of their own, not appended to an array one by one (about 1 900
    /// instructions a hash, a third of its cost with the processor's SHA instructions).
    private func writeHashBytes(to buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= self.hashByteCapacity)
        let base = buffer.baseAddress!
        var count = 0
        func put(_ byte: UInt8) {
            base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
            count += 1
        }
        func put(_ text: UnsafeBufferPointer<UInt8>) {
            if let start = text.baseAddress { (base + count).copyMemory(from: start, byteCount: text.count) }
            count += text.count
            put(UInt8(0))
        }
        func put(_ value: Int) {
            base.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: count, as: UInt32.self)
            count += 4
        }
        Self.hashTag.withUTF8Buffer { put($0) }
        var name = self.rules.name
        name.withUTF8 { put($0) }
        put(self.top)
        put(self.bottom)
        for index in Self.banksInHashOrder { put(Int(self.ring[index])) }
        put(self.collections.a)
        put(self.collections.b)
        put(self.debts.a)
        put(self.debts.b)
        put(UInt8(ascii: self.turn == .a ? "A" : "B"))
        switch self.phase {
        case .refill: put(UInt8(ascii: "r"))
        case .sow: put(UInt8(ascii: "s"))
        case .over: put(UInt8(ascii: "o"))
        }
        put(self.turns)
        switch self.winner {
        case nil: put(UInt8(ascii: "-"))
        case .won(let seat)?: put(UInt8(ascii: seat == .a ? "A" : "B"))
        case .draw?: put(UInt8(ascii: "D"))
        }
        return count
    }

    /// The version tag that starts the hashed bytes.
    private static let hashTag: StaticString = "tcnet-tax-collection-state-1"

    /// The banks' places in ``ring``, in the order the hash lists them: A1…A5, then B1…B5.
    private static let banksInHashOrder: [Int] = Seat.allCases.flatMap { seat in
        (1...5).map { Square.bank(seat, $0).ringIndex! }
    }

    /// SHA-256 of ``hashBytes`` as 64 lowercase hex digits: the value a client compares with the host's.
    public var stateHash: String {
        self.withHashBytes { SHA256.hex(of: $0) }
    }

    /// Whether ``stateHash`` is `hash`, found without making the hash's text (see `Game.state(_:hashesTo:)`).
    public func hashes(to hash: String) -> Bool {
        self.withHashBytes { SHA256.hex(of: $0, is: hash) }
    }

    /// ``hashBytes`` written into memory of their own on the stack, for `body`.
    private func withHashBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(byteCount: self.hashByteCapacity, alignment: 8) { buffer in
            let count = self.writeHashBytes(to: buffer)
            return body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
