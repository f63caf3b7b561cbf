/// The FIDE (Dutch) system: pairs a Swiss round from the players' histories (FIDE Handbook C.04.3).
///
/// Scoregroups are paired from the top, each bracket with the moved-down players of the one above; within a
/// bracket the pairs come from a maximum-weight matching whose weights encode the quality criteria in their
/// order, and ties between equally good pairings are broken in the order of the rules' transpositions and
/// exchanges. When a bracket's downfloaters would leave the rest of the round unpairable, all the lower
/// scoregroups are collapsed into one and the bracket is paired again. Colours follow the allocation rules
/// (E.1-E.5 of the 2017 text; 4.x of the 2025 one).
public enum DutchSystem {
    /// Pairs a round.
    /// - Parameters:
    ///   - players: every player of the tournament, with their rounds so far; those not `pairable` are
    ///     left out of this round (their past games still count).
    ///   - round: the round being paired, from 1.
    ///   - rounds: how many rounds the tournament has (topscorers exist only when pairing the last).
    ///   - points: the point system (scores decide the scoregroups).
    ///   - firstColour: the colour of the first-ranked player in round 1 (XXC `white1` or `black1`).
    ///   - allowRepeats: whether players who met may meet again, fewest repeats first (only when the
    ///     teacher chooses it because nothing else pairs).
    ///   - edition: the rules' text: 2025 (in force from 2026), or 2017 as engines written for it read it.
    /// - Returns: the boards in the order the rules publish them and the bye, or why no pairing exists.
    public static func pair(
        _ players: [SwissPlayer], round: Int, rounds: Int, points: PointSystem = .standard,
        firstColour: Colour = .white, allowRepeats: Bool = false, edition: DutchEdition = .fide2025
    ) -> Result<SwissPairing, SwissPairingFailure> {
        let ranked = DutchPlayer.build(players, points: points, lastRound: round == rounds, edition: edition)
        guard !ranked.isEmpty else { return .success(SwissPairing(boards: [], bye: nil)) }
        var validity = ValidityMatcher(players: ranked, allowRepeats: allowRepeats)
        guard validity.isCompletable else {
            return .failure(SwissPairingFailure(reason: Self.whyNot(ranked, allowRepeats: allowRepeats)))
        }
        var groups = Self.scoregroups(ranked)
        var index = 0
        var movedDown: [DutchPlayer] = []
        var collapsed = false
        var pairs: [(DutchPlayer, DutchPlayer)] = []
        while index < groups.count {
            let bracket = DutchBracket(
                movedDown: movedDown.map { Self.with($0, role: .movedDown) },
                residents: groups[index].map { Self.with($0, role: .resident) },
                lower: index + 1 < groups.count ? groups[index + 1].map { Self.with($0, role: .lower) } : [],
                round: round, collapsed: collapsed)
            var pairer = BracketPairer(bracket: bracket, validity: validity, allowRepeats: allowRepeats)
            guard let bracketPairs = pairer.pair(validity: &validity) else {
                // NB: this bracket becomes the penultimate one; everyone below forms the last.
                groups = Array(groups[...index]) + [groups[(index + 1)...].flatMap { $0 }]
                collapsed = true
                continue
            }
            let paired = Set(bracketPairs.flatMap { [$0.0.number, $0.1.number] })
            movedDown = (movedDown + groups[index]).filter { !paired.contains($0.number) }
            pairs += bracketPairs
            index += 1
        }
        var bye: Int?
        var boards: [(higher: DutchPlayer, lower: DutchPlayer, pair: BergerTable.Pair)] = []
        for (first, second) in pairs {
            if first.number == second.number {
                bye = first.number
                continue
            }
            let (higher, lower) = first.ranks(above: second) ? (first, second) : (second, first)
            let white = ColourAllocation.whiteFor(higher, lower, firstColour: firstColour)
            boards.append((higher, lower, white ? BergerTable.Pair(higher.number, lower.number)
                : BergerTable.Pair(lower.number, higher.number)))
        }
        // NB: C.04.2 (general handling rules): boards by the higher player's score, then the sum of both
        // scores, then the higher player's rank.
        boards.sort { lhs, rhs in
            (lhs.higher.points, lhs.lower.points, -lhs.higher.number)
                > (rhs.higher.points, rhs.lower.points, -rhs.higher.number)
        }
        return .success(SwissPairing(boards: boards.map(\.pair), bye: bye))
    }

    private static func with(_ player: DutchPlayer, role: BracketRole) -> DutchPlayer {
        var copy = player
        copy.role = role
        return copy
    }

    /// The players grouped by score, best first.
    private static func scoregroups(_ ranked: [DutchPlayer]) -> [[DutchPlayer]] {
        var groups: [[DutchPlayer]] = []
        for player in ranked {
            if let last = groups.last?.last, last.points == player.points {
                groups[groups.count - 1].append(player)
            } else {
                groups.append([player])
            }
        }
        return groups
    }

    /// Why no pairing exists, in words a teacher can act on.
    private static func whyNot(_ players: [DutchPlayer], allowRepeats: Bool) -> String {
        let stuck = players.filter { player in
            !players.contains { other in
                other.number != player.number && ValidityMatcher.allowed(player, other, allowRepeats)
            }
        }
        if !stuck.isEmpty {
            let numbers = stuck.map { "#\($0.number)" }.joined(separator: ", ")
            return "\(numbers) \(stuck.count == 1 ? "has" : "have") already met every other player to be paired"
        }
        if players.count % 2 == 1, players.allSatisfy(\.byeReceived) {
            return "the number of players is odd and every one of them has already had the bye"
        }
        return "no way to pair every player without two of them meeting a second time"
    }
}

/// The text of the Dutch rules a pairing follows. They differ in one place that matters to a pairing: the
/// float of a player who did not play a round.
public enum DutchEdition: String, Sendable, Codable {
    /// C.04.3 approved in 2024, in force from 2026: a round without a game is a downfloat only when it
    /// scored more than a loss (a bye, a forfeit win), 1.4.3.
    case fide2025
    /// C.04.3 of 2017, as engines written for it (bbpPairings, JaVaFo, py4swiss) read it: every round
    /// without a game is a downfloat.
    case fide2017
}
