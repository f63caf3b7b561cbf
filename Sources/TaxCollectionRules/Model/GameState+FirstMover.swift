extension GameState {
    /// The starting position with a chosen first mover: a rematch passes the first move to the other seat.
    /// - Parameters:
    ///   - rules: the rule set.
    ///   - firstToMove: the seat that sows first.
    public init(rules: RuleSet = .classic, firstToMove: Seat) {
        self.init(rules: rules)
        self.turn = firstToMove
    }
}
