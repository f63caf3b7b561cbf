import GameKit
import SpellingRules
import Testing

/// A game driven as the host and the student's client would: every move prepared on the host's state,
/// applied there, and its viewed form applied to the client's viewed state, whose hash must match.
struct SpellingTable {
    static let start = GameTime(milliseconds: 1_700_000_000_000)

    var host: SpellingState
    var client: SpellingState
    let secret: [UInt8]
    var seq = 0

    init(mode: SpellingMode, words: [String]? = nil, rows: [[String]]? = nil, seed: Int = 1) {
        var options = GameOptions(defaultsOf: SpellingGame.descriptor.options)
        var values: [String: OptionValue] = [SpellingGame.modeOption: .choice(mode.rawValue)]
        var content: [String: GameContent] = [:]
        if let rows = rows ?? words.map({ $0.map { [$0] } }) {
            values[SpellingGame.listOption] = .choice("test")
            content[SpellingGame.listOption] = GameContent(rows: rows)
        }
        options = (try? GameOptions.checking(values, against: SpellingGame.descriptor.options).get()) ?? options
        self.secret = SHA256.digest(of: Array("spelling test \(seed)".utf8))
        var random = HostRandom(secret: self.secret, step: 0)
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["S"], firstSeat: "S", options: options, startedAt: Self.start, content: content)
        self.host = SpellingGame.start(setup, random: &random)!
        self.client = SpellingGame.view(of: self.host, for: .seat("S"))
    }

    var word: String { self.host.challenge.word! }

    /// Plays a move as the host would; checks the client's copy keeps up. Returns the events or the refusal.
    @discardableResult
    mutating func play(_ move: SpellingMove, by mover: Mover = .seat("S")) -> Result<[SpellingEvent], GameRuleViolation>
    {
        let (outcome, problems) = self.step(move, by: mover)
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
        return outcome
    }

    /// ``play(_:by:)`` without Swift Testing, for work off the cooperative pool: the outcome, and what went
    /// wrong (a refused move that changed the state; a client's copy that does not keep up), one line each.
    mutating func step(_ move: SpellingMove, by mover: Mover = .seat("S")) -> (
        outcome: Result<[SpellingEvent], GameRuleViolation>, problems: [String]
    ) {
        var random = HostRandom(secret: self.secret, step: UInt64(self.seq + 1))
        let prepared = SpellingGame.prepare(move, by: mover, in: self.host, random: &random)
        let before = self.host
        let outcome = SpellingGame.apply(prepared, by: mover, to: &self.host)
        guard case .success(let events) = outcome else {
            return (outcome, self.host == before ? [] : ["a refused move changed the state: \(move)"])
        }
        self.seq += 1
        var problems: [String] = []
        let viewed = SpellingGame.view(of: prepared, for: .seat("S"))
        let clientEvents = SpellingGame.apply(viewed, by: mover, to: &self.client)
        let expected = SpellingGame.view(of: self.host, for: .seat("S"))
        if self.client != expected { problems.append("viewing does not commute with applying \(move)") }
        if SpellingGame.hash(of: self.client) != SpellingGame.hash(of: expected) {
            problems.append("the client's hash differs after \(move)")
        }
        if (try? clientEvents.get()) != events.compactMap({ SpellingGame.view(of: $0, for: .seat("S")) }) {
            problems.append("the client's events differ after \(move): \(clientEvents)")
        }
        return (outcome, problems)
    }

    /// A right answer for the current word, in the mode's shape.
    var rightMove: SpellingMove {
        let challenge = self.host.challenge
        switch self.host.mode {
        case .pick: return .pick(challenge.choices!.firstIndex(of: self.word)!, nil)
        case .unscramble: return .arrange(Self.order(of: challenge.tiles!, spelling: self.word)!, nil)
        case .hear: return .spell(self.word, nil)
        }
    }

    /// A wrong answer for the current word.
    var wrongMove: SpellingMove {
        let challenge = self.host.challenge
        switch self.host.mode {
        case .pick:
            let index = challenge.choices!.indices.first {
                challenge.choices![$0] != self.word && !self.host.marked.contains($0)
            }!
            return .pick(index, nil)
        case .unscramble: return .arrange(Array(challenge.tiles!.indices), nil)
        case .hear: return .spell(self.word + "x", nil)
        }
    }

    /// The tile indices that spell a word, if any.
    static func order(of tiles: [String], spelling word: String) -> [Int]? {
        var free = Array(tiles.indices)
        var order: [Int] = []
        for letter in word.map(String.init) {
            guard let at = free.firstIndex(where: { tiles[$0] == letter }) else { return nil }
            order.append(free.remove(at: at))
        }
        return order
    }
}

extension Result where Success == [SpellingEvent], Failure == GameRuleViolation {
    var events: [SpellingEvent]? { try? self.get() }
    var code: String? {
        if case .failure(let violation) = self { return violation.code }
        return nil
    }
}
