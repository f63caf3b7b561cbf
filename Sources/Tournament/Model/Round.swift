/// A round: its games, and the players who did not play one.
public struct Round: Codable, Sendable, Equatable {
    /// The round's number, from 1.
    public var number: Int
    /// The games, in board order.
    public var boards: [Board]
    /// The players without a game this round and why: the pairing-allocated bye, a bye the teacher granted,
    /// or absence (a late entry, a withdrawal, a player the teacher marked absent).
    public var unpaired: [Int: Outcome]

    /// Creates a round.
    public init(number: Int, boards: [Board], unpaired: [Int: Outcome] = [:]) {
        self.number = number
        self.boards = boards
        self.unpaired = unpaired
    }

    /// Whether every game has a result.
    public var isComplete: Bool { self.boards.allSatisfy { $0.result != nil } }

    /// A player's board this round.
    public func board(of player: Int) -> Board? { self.boards.first { $0.has(player) } }

    /// A player's outcome this round, once known; `nil` while their game is on, or when they were not in it.
    public func outcome(of player: Int) -> Outcome? {
        if let outcome = self.unpaired[player] { return outcome }
        return self.board(of: player)?.outcome(of: player)
    }

    /// The player who received the pairing-allocated bye, if any.
    public var pairingBye: Int? { self.unpaired.first { $0.value == .pairingBye }?.key }
}

extension Round {
    private enum CodingKeys: String, CodingKey {
        case number, boards, unpaired
    }

    private struct Unpaired: Codable {
        var player: Int
        var outcome: Outcome
    }

    // NB: the unpaired players as a list of objects, in start order: a dictionary keyed by numbers has no
    // plain JSON form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.number = try container.decode(Int.self, forKey: .number)
        self.boards = try container.decode([Board].self, forKey: .boards)
        let unpaired = try container.decodeIfPresent([Unpaired].self, forKey: .unpaired) ?? []
        self.unpaired = Dictionary(unpaired.map { ($0.player, $0.outcome) }, uniquingKeysWith: { first, _ in first })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.number, forKey: .number)
        try container.encode(self.boards, forKey: .boards)
        let unpaired = self.unpaired.keys.sorted().map { Unpaired(player: $0, outcome: self.unpaired[$0]!) }
        try container.encode(unpaired, forKey: .unpaired)
    }
}
