/// What each outcome of a round is worth: a win 1, a draw ½, a loss 0 unless the teacher says otherwise
/// (a game may prefer 3, 1, 0).
///
/// NB: byes and forfeits follow the game's values, as FIDE's basic rules for Swiss tournaments do: the
/// pairing-allocated bye, a full-point bye and a forfeit win are worth a win; a half-point bye a draw; a
/// zero-point bye (an absence) and a forfeit loss nothing.
public struct PointSystem: Codable, Sendable, Equatable {
    public var win: Points
    public var draw: Points
    public var loss: Points

    /// Creates a point system.
    /// - Parameters:
    ///   - win: a game won.
    ///   - draw: a game drawn.
    ///   - loss: a game lost.
    public init(win: Points = Points(tenths: 10), draw: Points = Points(tenths: 5), loss: Points = .zero) {
        self.win = win
        self.draw = draw
        self.loss = loss
    }

    /// The chess points: 1, ½, 0.
    public static let standard = PointSystem()

    /// Why a point system cannot be used, or `nil`.
    public var problem: String? {
        guard self.win > self.draw, self.draw >= self.loss, self.loss >= .zero else {
            return "points must go down from a win to a draw to a loss, and none below 0 (like 1, 0.5, 0 or 3, 1, 0)"
        }
        return nil
    }

    /// Whether these are the chess points, which the report file needs no line for.
    public var isStandard: Bool { self == .standard }

    /// The points of one player's entry for a round.
    /// - Parameter outcome: what happened to the player.
    /// - Returns: the points it is worth.
    public func points(for outcome: Outcome) -> Points {
        switch outcome {
        case .win, .forfeitWin, .pairingBye, .fullBye: self.win
        case .draw, .halfBye: self.draw
        case .loss: self.loss
        case .forfeitLoss, .absent: .zero
        }
    }
}
