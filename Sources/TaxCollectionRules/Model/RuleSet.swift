/// A named set of rule parameters. The classic rules are ``classic``; the others change one parameter each.
///
/// Rule sets are looked up by name (``named(_:)``) and travel on the wire as that name, so only the
/// named variants exist: there is no public initializer.
public struct RuleSet: Sendable, Hashable, CustomStringConvertible {
    /// The rule set's name on the wire, such as `"classic"`.
    public let name: String
    /// Dollars in each treasury at the start (each bank always starts with 5).
    public let treasuryStart: Int
    /// A treasury holding fewer dollars than this cannot be captured (0: any treasury with dollars can).
    public let youngTreasuryMinimum: Int
    /// The game ends after this many sowing turns.
    public let turnCap: Int
    /// Whether a refill may borrow the shortfall from the opponent's collection.
    public let borrowing: Bool

    init(name: String, treasuryStart: Int, youngTreasuryMinimum: Int, turnCap: Int, borrowing: Bool) {
        self.name = name
        self.treasuryStart = treasuryStart
        self.youngTreasuryMinimum = youngTreasuryMinimum
        self.turnCap = turnCap
        self.borrowing = borrowing
    }

    /// Dollars in each bank at the start.
    public static let bankStart = 5

    /// The dollars in play, conserved at every step: ten banks plus two treasuries.
    public var total: Int { 10 * Self.bankStart + 2 * treasuryStart }

    /// The name.
    public var description: String { name }

    /// The default rules of issue 3: treasuries start at 10, any treasury can be captured,
    /// 200 sowing turns at most, borrowing on.
    public static let classic = RuleSet(
        name: "classic", treasuryStart: 10, youngTreasuryMinimum: 0, turnCap: 200, borrowing: true)

    /// Classic, but a treasury holding fewer than 5 dollars is "young" and cannot be captured.
    public static let youngTreasury = RuleSet(
        name: "young-treasury", treasuryStart: 10, youngTreasuryMinimum: 5, turnCap: 200, borrowing: true)

    /// Classic, but each treasury starts with 5 dollars (60 dollars in play).
    public static let smallTreasury = RuleSet(
        name: "small-treasury", treasuryStart: 5, youngTreasuryMinimum: 0, turnCap: 200, borrowing: true)

    /// Classic, but the game ends after 60 sowing turns: a lesson-sized game.
    public static let short = RuleSet(
        name: "short", treasuryStart: 10, youngTreasuryMinimum: 0, turnCap: 60, borrowing: true)

    /// Classic, but nobody lends: the game ends as soon as a player must refill with fewer than 5 dollars.
    public static let noBorrowing = RuleSet(
        name: "no-borrowing", treasuryStart: 10, youngTreasuryMinimum: 0, turnCap: 200, borrowing: false)

    /// Every rule set, classic first.
    public static let all: [RuleSet] = [.classic, .youngTreasury, .smallTreasury, .short, .noBorrowing]

    /// The names of every rule set, classic first.
    public static var allNames: [String] { all.map(\.name) }

    /// Looks a rule set up by its wire name.
    /// - Parameter name: a name such as `"classic"`; exact, case-sensitive.
    /// - Returns: the rule set, or `nil` if no rule set has that name.
    public static func named(_ name: String) -> RuleSet? {
        all.first { $0.name == name }
    }
}

extension RuleSet: Codable {
    /// Reads a rule set's name and looks it up; an unknown name is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let rules = RuleSet.named(name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown rules \"\(name)\"; known: \(RuleSet.allNames.joined(separator: ", "))")
        }
        self = rules
    }

    /// Writes the rule set's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
