/// The seed's messages (shared/seeds/tax-collection.txt), worded as on the iPad, with the terminal's key.
public enum SeedMessages {
    /// A bank was chosen while all the mover's banks are empty.
    public static let refillNeeded = "Please click your Collections to refill the Banks (press r)"
    /// A refill was asked for while a bank still holds dollars.
    public static let refillRefused = "Click this button only when all your Banks are empty"
    /// A name was left empty.
    public static let nameWarning = "Please enter your username in order to play"

    /// The winner's announcement.
    /// - Parameters:
    ///   - winner: the winner's name, or `nil` for a draw.
    ///   - scores: the winner's score, then the loser's.
    public static func winner(_ winner: String?, scores: (Int, Int)) -> String {
        guard let winner else { return "It's a draw: \(scores.0) to \(scores.1)!" }
        return "\(winner) is the winner with \(scores.0) dollars against \(scores.1)!"
    }
}
