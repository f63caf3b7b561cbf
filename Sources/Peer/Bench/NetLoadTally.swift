/// What one player, one match or the whole load counted.
public struct NetLoadTally: Sendable, Equatable {
    /// Moves answered by the mover's own `state` before the load stopped.
    public var moves = 0
    /// Games that ended (counted once per match, by seat A).
    public var games = 0
    /// States the client mirror could not verify.
    public var desyncs = 0
    /// Refused requests and broken connections.
    public var errors = 0
    /// The round trip of each counted move in microseconds: from writing the `move` to reading the
    /// `state` that answers it.
    ///
    /// NB: raw samples (4 bytes a move) rather than a histogram per player: a thousand players would
    /// each carry a histogram's fixed footprint. The command folds them into one HdrHistogram.
    public var latencies: [UInt32] = []
    /// One line per distinct error, for the person running the load; at most a few.
    public var errorSamples: [String] = []

    /// Creates an empty tally.
    public init() {}

    /// Counts a move and its round trip.
    /// - Parameter roundTrip: from writing the move to reading its answer.
    public mutating func noteMove(roundTrip: Duration) {
        let (seconds, attoseconds) = roundTrip.components
        let microseconds = max(0, seconds) * 1_000_000 + attoseconds / 1_000_000_000_000
        self.moves += 1
        self.latencies.append(UInt32(clamping: microseconds))
    }

    /// Counts an error and keeps its description if it is one of the first few.
    /// - Parameter description: what went wrong.
    public mutating func noteError(_ description: String) {
        self.errors += 1
        self.keep(description)
    }

    /// Adds another tally's counts and samples to this one.
    /// - Parameter other: a tally of another player or match.
    public mutating func absorb(_ other: NetLoadTally) {
        self.moves += other.moves
        self.games += other.games
        self.desyncs += other.desyncs
        self.errors += other.errors
        self.latencies.append(contentsOf: other.latencies)
        for sample in other.errorSamples {
            self.keep(sample)
        }
    }

    private mutating func keep(_ description: String) {
        if self.errorSamples.count < 5, !self.errorSamples.contains(description) {
            self.errorSamples.append(description)
        }
    }
}
