/// How a tournament pairs its players.
public enum TournamentFormat: Codable, Sendable, Equatable {
    /// Everyone plays everyone, by the FIDE Berger tables; twice (first move swapped) with 2 cycles.
    case roundRobin(cycles: Int)
    /// A Swiss tournament of a fixed number of rounds, paired by the FIDE Dutch system.
    case swiss(rounds: Int)
    /// A class challenge for a one-player game: a time window, as many plays as each student likes, the
    /// best score counts.
    case challenge(minutes: Int)

    /// The format's name on the wire: "round-robin", "swiss" or "challenge".
    public var name: String {
        switch self {
        case .roundRobin: "round-robin"
        case .swiss: "swiss"
        case .challenge: "challenge"
        }
    }

    /// Whether players meet in pairs (round robin and Swiss).
    public var isPaired: Bool {
        if case .challenge = self { return false }
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case format, cycles, rounds, minutes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .format) {
        case "round-robin": self = .roundRobin(cycles: try container.decode(Int.self, forKey: .cycles))
        case "swiss": self = .swiss(rounds: try container.decode(Int.self, forKey: .rounds))
        case "challenge": self = .challenge(minutes: try container.decode(Int.self, forKey: .minutes))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "no tournament format \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.name, forKey: .format)
        switch self {
        case .roundRobin(let cycles): try container.encode(cycles, forKey: .cycles)
        case .swiss(let rounds): try container.encode(rounds, forKey: .rounds)
        case .challenge(let minutes): try container.encode(minutes, forKey: .minutes)
        }
    }
}

/// Why a tournament refused a request; `code` is the wire's error code.
public struct TournamentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of refusal.
    public enum Kind: String, Sendable, Equatable {
        /// No player of that name is registered.
        case noSuchEntrant = "no-such-entrant"
        /// The request does not fit the tournament's phase (registering, running, finished).
        case wrongPhase = "unexpected-message"
        /// Results of the current round are missing.
        case resultsPending = "results-pending"
        /// No valid pairing exists for the next round.
        case noValidPairing = "no-valid-pairing"
        /// A value is out of range (a name, a number of rounds, points).
        case invalidSetting = "invalid-setting"
    }

    public var kind: Kind
    /// A sentence for the teacher: what is wrong and what to do.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { self.message }
}
