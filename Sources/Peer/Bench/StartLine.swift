/// Holds every player until all of them have sat down, then lets them go at one instant.
///
/// NB: setting up hundreds of matches takes a while; starting the clock only when every match is
/// seated keeps that setup out of the moves-per-second figure.
actor StartLine {
    private var expected: Int
    private var waiting: [CheckedContinuation<ContinuousClock.Instant, Never>] = []
    /// Those who wait for the start without being players (the load's CPU meter), by ticket.
    private var observers: [Int: CheckedContinuation<ContinuousClock.Instant?, Never>] = [:]
    private var nextTicket = 0
    private var start: ContinuousClock.Instant?

    /// Creates a start line.
    /// - Parameter expected: the number of players who will arrive or withdraw.
    init(expected: Int) {
        self.expected = expected
    }

    /// Waits until every expected player has arrived.
    /// - Returns: the instant the last one arrived, the same for everyone.
    func arrive() async -> ContinuousClock.Instant {
        if let start { return start }
        return await withCheckedContinuation { continuation in
            self.waiting.append(continuation)
            self.releaseIfComplete()
        }
    }

    /// The instant everyone was let go, once they were.
    var startedAt: ContinuousClock.Instant? { self.start }

    /// Waits for the start without taking part in it.
    /// - Returns: the instant everyone was let go; `nil` when the waiting task was cancelled first.
    func started() async -> ContinuousClock.Instant? {
        if let start { return start }
        let ticket = self.nextTicket
        self.nextTicket += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    self.observers[ticket] = continuation
                }
            }
        } onCancel: {
            Task { await self.stopObserving(ticket) }
        }
    }

    private func stopObserving(_ ticket: Int) {
        self.observers.removeValue(forKey: ticket)?.resume(returning: nil)
    }

    /// Says that a player who failed before the start will not arrive.
    func withdraw() {
        self.expected -= 1
        self.releaseIfComplete()
    }

    private func releaseIfComplete() {
        guard self.start == nil, self.waiting.count >= self.expected else { return }
        let now = ContinuousClock.now
        self.start = now
        for continuation in self.waiting {
            continuation.resume(returning: now)
        }
        for continuation in self.observers.values {
            continuation.resume(returning: now)
        }
        self.waiting = []
        self.observers = [:]
    }
}
