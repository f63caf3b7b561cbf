/// A player registered in a tournament.
///
/// The start number is the pairing number of the FIDE rules and the number of the player's line in the
/// report file. Without ratings in a classroom, it is the order of registration.
public struct Entrant: Codable, Sendable, Equatable {
    /// The start number, from 1.
    public var number: Int
    /// The name, as the lobby knows the player.
    public var name: String
    /// The first round the player is paired in: 1, or later for a late entry.
    public var firstRound: Int
    /// The last round the player took part in before withdrawing; `nil` while still in.
    public var withdrawnAfter: Int?
    /// When the host's bot plays this entry (filling an odd seat), the bot's name.
    public var bot: String?

    /// Creates an entrant.
    public init(number: Int, name: String, firstRound: Int = 1, withdrawnAfter: Int? = nil, bot: String? = nil) {
        self.number = number
        self.name = name
        self.firstRound = firstRound
        self.withdrawnAfter = withdrawnAfter
        self.bot = bot
    }

    /// Whether the player is to be paired in a round.
    /// - Parameter round: the round's number.
    public func plays(in round: Int) -> Bool {
        round >= self.firstRound && (self.withdrawnAfter.map { round <= $0 } ?? true)
    }
}
