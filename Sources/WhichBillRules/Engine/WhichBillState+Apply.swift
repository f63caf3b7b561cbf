import GameKit

extension WhichBillState {
    /// The rules: applies a prepared move by the player (docs/WHICHBILL.md, "Rules").
    ///
    /// The same code runs on the host's state (which knows the right bill, and checks the host's verdict
    /// against it) and on a viewer's (which does not, and takes the verdict from the move after checking
    /// what it can: a bill is too small exactly when it is less than the cost).
    /// - Returns: the events; or the rule the move breaks, with the state unchanged.
    public mutating func apply(_ move: WhichBillMove, by mover: Mover) -> Result<[WhichBillEvent], GameRuleViolation> {
        guard !self.isOver else { return .failure(WhichBillRefusal.sessionOver) }
        guard mover.seat != nil else { return .failure(WhichBillRefusal.playersOnly) }
        switch move {
        case .choose(let bill, let hint, let verdict):
            return self.choose(bill, hint: hint, verdict: verdict)
        case .next(let next):
            return self.next(next)
        }
    }

    private mutating func choose(
        _ bill: Money, hint: Bool, verdict: BillVerdict?
    ) -> Result<[WhichBillEvent], GameRuleViolation> {
        guard !self.isAnswered else { return .failure(WhichBillRefusal.roundOver) }
        guard self.options.bills.contains(bill) else {
            return .failure(WhichBillRefusal.notOffered(bill, self.options.bills))
        }
        guard !self.wrong.contains(bill) else { return .failure(WhichBillRefusal.alreadyGuessed(bill)) }
        guard !hint || self.options.numberLine else { return .failure(WhichBillRefusal.numberLineOff) }
        guard let verdict else { return .failure(WhichBillRefusal.notPrepared) }
        if let answer = self.answer {
            let rules = BillVerdict.judge(bill, cost: self.cost, answer: answer)
            guard verdict == rules else {
                return .failure(WhichBillRefusal.verdictMismatch(verdict, rules.rawValue))
            }
        } else if (bill < self.cost) != (verdict == .tooSmall) {
            // NB: without the right bill, a viewer can still check one thing: too small means less than the cost.
            let rules = bill < self.cost ? BillVerdict.tooSmall.rawValue : "right or more-than-needed"
            return .failure(WhichBillRefusal.verdictMismatch(verdict, rules))
        }
        if hint, self.hintGuess == nil { self.hintGuess = self.wrong.count + 1 }
        var events: [WhichBillEvent] = [.guessed(bill, verdict)]
        guard verdict == .right else {
            self.wrong.append(bill)
            return .success(events)
        }
        self.answer = bill
        self.isAnswered = true
        if self.wrong.isEmpty { self.firstTry += 1 }
        events.append(
            .roundOver(
                RoundRecord(
                    round: self.round, item: self.item, cost: self.cost, bills: self.options.bills, answer: bill,
                    wrong: self.wrong, hintGuess: self.hintGuess, numberLine: self.options.numberLine)))
        if self.isOver { events.append(.sessionOver(items: self.options.items, firstTry: self.firstTry)) }
        return .success(events)
    }

    private mutating func next(_ next: NextItem?) -> Result<[WhichBillEvent], GameRuleViolation> {
        guard self.isAnswered else { return .failure(WhichBillRefusal.roundOpen) }
        guard let next else { return .failure(WhichBillRefusal.notPrepared) }
        guard let shelf = Groceries.item(next.item) else { return .failure(WhichBillRefusal.unknownItem(next.item)) }
        guard next.item != self.item.id else { return .failure(WhichBillRefusal.sameItem(next.item)) }
        guard let costs = ItemDraw.costs(of: next.item, within: self.options.costs), costs.contains(next.cost) else {
            return .failure(WhichBillRefusal.costOutOfRange(next.cost, shelf.prices.clamped(to: self.options.costs)))
        }
        let right = Bills.right(for: next.cost, among: self.options.bills)
        if let answer = next.answer, answer != right {
            return .failure(WhichBillRefusal.answerMismatch(answer, right))
        }
        self.round += 1
        self.item = shelf.item
        self.cost = next.cost
        self.answer = next.answer
        self.wrong = []
        self.hintGuess = nil
        self.isAnswered = false
        return .success([.next(round: self.round)])
    }
}
