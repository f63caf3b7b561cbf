/// When one seat of the load stops: a pure rule over the plan, the start instant and the games seen.
struct StopRule: Sendable {
    private let deadline: ContinuousClock.Instant?
    private let gamesWanted: Int?
    private var gamesSeen = 0

    /// Creates the rule for a seat.
    /// - Parameters:
    ///   - plan: the plan's stop condition.
    ///   - start: the instant every match was let go.
    init(plan: NetLoadPlan.Stop, start: ContinuousClock.Instant) {
        switch plan {
        case .after(let duration):
            self.deadline = start + duration
            self.gamesWanted = nil
        case .games(let games):
            self.deadline = nil
            self.gamesWanted = games
        }
    }

    /// Whether the time is up: no more moves are counted or sent.
    func timeIsUp(now: ContinuousClock.Instant) -> Bool {
        self.deadline.map { now >= $0 } ?? false
    }

    /// Records a finished game.
    /// - Returns: whether the seat stops instead of asking for a rematch.
    mutating func gameEnded(now: ContinuousClock.Instant) -> Bool {
        self.gamesSeen += 1
        if let wanted = self.gamesWanted { return self.gamesSeen >= wanted }
        return self.timeIsUp(now: now)
    }
}
