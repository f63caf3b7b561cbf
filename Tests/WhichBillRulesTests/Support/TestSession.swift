import GameKit
import WhichBillRules

/// A WhichBill session driven as the host drives it: each move prepared (randomness from a fixed
/// secret) and applied to the full state.
struct TestSession {
    static let secret = Array(repeating: UInt8(7), count: 32)
    static let start = GameTime(milliseconds: 1_700_000_000_000)

    var state: WhichBillState
    var seq = 0
    var secret: [UInt8]

    /// A session with these options (given as a teacher would), started at ``start``.
    init(_ options: [String: OptionValue] = [:], secret: [UInt8] = Self.secret) {
        let checked = try! GameOptions.checking(options, against: WhichBillGame.descriptor.options).get()
        let setup = MatchSetup(
            ruleSet: "classic", seats: ["P1"], firstSeat: "P1", options: checked, startedAt: Self.start)
        var random = HostRandom(secret: secret, step: 0)
        self.state = WhichBillGame.start(setup, random: &random)!
        self.secret = secret
    }

    /// Prepares and applies a move; returns what the rules said.
    @discardableResult
    mutating func play(_ move: WhichBillMove) -> (
        prepared: WhichBillMove, result: Result<[WhichBillEvent], GameRuleViolation>
    ) {
        var random = HostRandom(secret: self.secret, step: UInt64(self.seq + 1))
        let prepared = WhichBillGame.prepare(
            move, by: .seat("P1"), in: self.state, random: &random)
        let result = WhichBillGame.apply(prepared, by: .seat("P1"), to: &self.state)
        if case .success = result { self.seq += 1 }
        return (prepared, result)
    }

    /// Chooses a bill.
    @discardableResult
    mutating func choose(_ dollars: Int64, hint: Bool = false) -> Result<[WhichBillEvent], GameRuleViolation> {
        self.play(.choose(Money(dollars: dollars), hint: hint, verdict: nil)).result
    }

    /// The right bill, by the rule.
    var right: Money { Bills.right(for: self.state.cost, among: self.state.options.bills)! }

    /// Sets the round's cost (and its right bill) directly, for tests of a given cost.
    mutating func setCost(_ cents: Int64) {
        self.state.cost = Money(cents: cents)
        self.state.answer = Bills.right(for: self.state.cost, among: self.state.options.bills)
    }
}

extension Result {
    var failureCode: String? {
        if case .failure(let error) = self { return (error as? GameRuleViolation)?.code }
        return nil
    }

    var events: Success? {
        if case .success(let events) = self { return events }
        return nil
    }
}
