extension SpellingMove: Codable {
    enum Keys: String, CodingKey {
        case pick, arrange, spell, timeUp, right, next
    }

    static let shapes = #"{"pick":0..2}, {"arrange":[tile indices]}, {"spell":"text"} or {"timeUp":true}"#

    /// Reads one of the shapes of docs/SPELLING.md: an answer (with the host's `right` and `next` once
    /// prepared), or the host's `timeUp`. Unknown keys and two answers at once are refused.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let keys = Set(c.allKeys)
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        if keys == [.timeUp] {
            guard try c.decode(Bool.self, forKey: .timeUp) else { throw corrupt("\"timeUp\": false is not a move") }
            self = .timeUp
            return
        }
        let answers = keys.intersection([.pick, .arrange, .spell])
        guard answers.count == 1, keys.subtracting(answers).isSubset(of: [.right, .next]) else {
            throw corrupt("a move is one of \(Self.shapes)")
        }
        var verdict: HostVerdict?
        if let right = try c.decodeIfPresent(Bool.self, forKey: .right) {
            verdict = HostVerdict(right: right, next: try c.decodeIfPresent(Challenge.self, forKey: .next))
        } else if keys.contains(.next) {
            throw corrupt("\"next\" comes with the host's \"right\"")
        }
        if keys.contains(.pick) {
            self = .pick(try c.decode(Int.self, forKey: .pick), verdict)
        } else if keys.contains(.arrange) {
            self = .arrange(try c.decode([Int].self, forKey: .arrange), verdict)
        } else {
            self = .spell(try c.decode(String.self, forKey: .spell), verdict)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .pick(let index, _): try c.encode(index, forKey: .pick)
        case .arrange(let order, _): try c.encode(order, forKey: .arrange)
        case .spell(let text, _): try c.encode(text, forKey: .spell)
        case .timeUp: try c.encode(true, forKey: .timeUp)
        }
        if let verdict = self.verdict {
            try c.encode(verdict.right, forKey: .right)
            try c.encodeIfPresent(verdict.next, forKey: .next)
        }
    }
}
