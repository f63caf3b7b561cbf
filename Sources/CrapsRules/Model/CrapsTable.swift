import GameKit

/// The fixed amounts and limits of the classic rules (docs/CRAPS.md, "The rules").
public enum CrapsTable {
    /// The only rule set: the seed's rules.
    public static let ruleSet = "classic"
    /// Every balance at the start, and after a reset: $200.
    public static let startingBalance = Money(dollars: 200)
    /// Every ante at the start, and after a reset: $5.
    public static let startingAnte = Money(dollars: 5)
    /// An ante is a multiple of $5; a player who cannot cover $5 is bankrupt.
    public static let anteStep = Money(dollars: 5)
    /// The longest seed a player may contribute, in bytes.
    public static let seedLimit = 64
    /// The come-out totals that lose (craps).
    public static let craps: Set<Int> = [2, 3, 12]
    /// The come-out totals that win (a natural).
    public static let naturals: Set<Int> = [7, 11]
    /// The totals that become the point.
    public static let points: Set<Int> = [4, 5, 6, 8, 9, 10]

    /// Whether a seed can be contributed: at most ``seedLimit`` bytes of printable ASCII (space to `~`).
    public static func isSeedAcceptable(_ seed: String) -> Bool {
        seed.utf8.count <= Self.seedLimit && seed.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
