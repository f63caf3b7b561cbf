extension SpellingEvent: Codable {
    enum Keys: String, CodingKey {
        case event, word, lives, challenge
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(String.self, forKey: .event) {
        case "right": self = .right(try c.decode(String.self, forKey: .word))
        case "wrong": self = .wrong(livesLeft: try c.decode(Int.self, forKey: .lives))
        case "next": self = .next(try c.decode(Challenge.self, forKey: .challenge))
        case "out-of-lives": self = .outOfLives
        case "time-up": self = .timeUp
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .event, in: c, debugDescription: "no spelling event \"\(other)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .right(let word):
            try c.encode("right", forKey: .event)
            try c.encode(word, forKey: .word)
        case .wrong(let lives):
            try c.encode("wrong", forKey: .event)
            try c.encode(lives, forKey: .lives)
        case .next(let challenge):
            try c.encode("next", forKey: .event)
            try c.encode(challenge, forKey: .challenge)
        case .outOfLives: try c.encode("out-of-lives", forKey: .event)
        case .timeUp: try c.encode("time-up", forKey: .event)
        }
    }
}
