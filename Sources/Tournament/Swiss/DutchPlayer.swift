/// Which way a player floated in a round: to a lower score, to a higher one, or neither.
enum Float: Sendable, Equatable {
    case down
    case up
    case none
}

/// A player's role in the bracket being paired.
enum BracketRole: Int, Sendable, Comparable {
    /// A player from the next scoregroup, there to see whether this bracket's downfloaters can be paired.
    case lower = 0
    /// A player of this bracket's scoregroup.
    case resident = 1
    /// A player moved down from a higher bracket.
    case movedDown = 2

    static func < (lhs: BracketRole, rhs: BracketRole) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything the Dutch system reads of a player (FIDE C.04.3, 1.2-1.7).
struct DutchPlayer: Sendable {
    /// The start (pairing) number.
    let number: Int
    /// Points in tenths.
    let points: Int
    let preference: ColourPreference
    /// Games with the first move minus games with the second.
    let colourDifference: Int
    /// Whether the last two games were played with the same colour.
    let colourDouble: Bool
    /// The floats of the last round and of the round before.
    let float1: Float
    let float2: Float
    /// The players met over the board (and by forfeit, which does not count as having played).
    let opponents: Set<Int>
    /// The colours of the games played, in order.
    let colours: [Colour]
    /// Whether the player already had the pairing-allocated bye, or a win without playing.
    let byeReceived: Bool
    /// Whether the player is a topscorer: more than half the maximum score, when pairing the last round.
    let topScorer: Bool
    var role = BracketRole.resident

    /// Whether this player ranks above another: more points, then the lower start number.
    func ranks(above other: DutchPlayer) -> Bool {
        (self.points, -self.number) > (other.points, -other.number)
    }
}

extension DutchPlayer {
    /// The pairing data of every player to be paired in a round.
    /// - Parameters:
    ///   - players: every player of the tournament (the opponents' scores count for floats).
    ///   - points: the point system.
    ///   - lastRound: whether the round being paired is the tournament's last.
    ///   - edition: the text of the rules that decides a float in a round without a game.
    /// - Returns: the players to pair, best ranked first.
    static func build(
        _ players: [SwissPlayer], points: PointSystem, lastRound: Bool, edition: DutchEdition = .fide2025
    ) -> [DutchPlayer] {
        var scoreBefore: [Int: [Int]] = [:]
        for player in players {
            var running = 0
            var list: [Int] = []
            for entry in player.entries {
                list.append(running)
                running += points.points(for: entry.outcome).tenths
            }
            list.append(running)
            scoreBefore[player.number] = list
        }
        let played = players.map(\.entries.count).max() ?? 0
        let maxScore = points.win.tenths * played
        var result: [DutchPlayer] = []
        for player in players where player.pairable {
            let colours = player.entries.compactMap { $0.outcome.isPlayed ? $0.colour : nil }
            let score = scoreBefore[player.number]?.last ?? 0
            let outcomes = Set(player.entries.map(\.outcome))
            result.append(
                DutchPlayer(
                    number: player.number, points: score, preference: ColourPreference(colours: colours),
                    colourDifference: ColourPreference.difference(colours),
                    colourDouble: colours.count > 1 && colours[colours.count - 1] == colours[colours.count - 2],
                    float1: Self.float(
                        of: player, round: player.entries.count - 1, points: points, scores: scoreBefore,
                        edition: edition),
                    float2: Self.float(
                        of: player, round: player.entries.count - 2, points: points, scores: scoreBefore,
                        edition: edition),
                    opponents: Set(player.entries.compactMap { $0.outcome.isPlayed ? $0.opponent : nil }),
                    colours: colours,
                    byeReceived: outcomes.contains(.pairingBye) || outcomes.contains(.forfeitWin),
                    topScorer: lastRound && score * 2 > maxScore))
        }
        return result.sorted { $0.ranks(above: $1) }
    }

    /// A player's float in a round (0-based index into their entries).
    ///
    /// NB: C.04.3 1.4.2-1.4.3 (2025): of two players of different scores who met, the higher scored floats
    /// down and the other up; a player who scored more than a loss's points without playing floats down too.
    /// The 2017 text (A.4, as its guidelines read it) floats down every player who did not play.
    private static func float(
        of player: SwissPlayer, round: Int, points: PointSystem, scores: [Int: [Int]], edition: DutchEdition
    ) -> Float {
        guard round >= 0, round < player.entries.count else { return .none }
        let entry = player.entries[round]
        guard entry.outcome.isPlayed, let opponent = entry.opponent else {
            switch edition {
            case .fide2025: return points.points(for: entry.outcome) > points.loss ? .down : .none
            case .fide2017: return .down
            }
        }
        let mine = scores[player.number]?[round] ?? 0
        let theirs = scores[opponent]?[round] ?? 0
        return mine > theirs ? .down : mine < theirs ? .up : .none
    }
}
