/// How much a player wants a colour next (FIDE C.04.3, 1.6; A.6 in the 2017 text).
enum PreferenceStrength: Int, Comparable, Sendable {
    /// No game played yet.
    case none = 0
    /// Colour difference 0: alternate with the last game.
    case mild = 1
    /// Colour difference +1 or -1.
    case strong = 2
    /// Colour difference beyond ±1, or the same colour in the last two games.
    case absolute = 3

    static func < (lhs: PreferenceStrength, rhs: PreferenceStrength) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A player's colour preference: the colour wanted, and how much.
struct ColourPreference: Sendable, Equatable {
    var side: Colour?
    var strength: PreferenceStrength

    /// The preference of a player who played these colours, in order (unplayed rounds left out).
    init(colours: [Colour]) {
        let difference = Self.difference(colours)
        let double = colours.count > 1 && colours[colours.count - 1] == colours[colours.count - 2]
        if difference > 0 {
            self.side = .black
        } else if difference < 0 {
            self.side = .white
        } else {
            self.side = colours.last?.opposite
        }
        if abs(difference) > 1 || double {
            // NB: with the same colour twice in a row and a difference of 0 or ±1, the preference is the other
            // colour; the difference, when it is beyond ±1, already points the same way.
            if double, abs(difference) <= 1 { self.side = colours[colours.count - 1].opposite }
            self.strength = .absolute
        } else if abs(difference) == 1 {
            self.strength = .strong
        } else {
            self.strength = self.side == nil ? .none : .mild
        }
    }

    /// Games with the first move minus games with the second.
    static func difference(_ colours: [Colour]) -> Int {
        colours.reduce(0) { $0 + ($1 == .white ? 1 : -1) }
    }

    /// Whether two players want the same colour (neither without a preference).
    func conflicts(with other: ColourPreference) -> Bool {
        self.side != nil && self.side == other.side
    }
}
