/// The teacher's code: what a connection presents (`teacher`) to run tournaments on a host (section 17).
///
/// The same form as a seat code (ten symbols of Crockford's base 32, 50 bits, "K7QM4-XRT2B", read
/// leniently), so a teacher types it as easily; `tcnet host` prints a fresh one at start unless
/// `--teacher-code` gives one.
public struct TeacherCode: WireString, CustomStringConvertible {
    public let rawValue: String

    /// Takes a code as the wire carries it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The code made from 50 bits.
    public init(bits: UInt64) {
        self.rawValue = SeatCode(bits: bits).rawValue
    }

    /// The canonical form of a typed code, or `nil` when it is not ten symbols of the alphabet.
    public var canonical: TeacherCode? { SeatCode.typed(self.rawValue).map { TeacherCode(rawValue: $0.rawValue) } }

    /// Whether a presented code is this one, compared in constant time: every symbol is compared,
    /// whatever the first difference, so the time taken tells a guesser nothing.
    /// - Parameter presented: the code a connection sent.
    public func matches(_ presented: TeacherCode) -> Bool {
        guard let mine = self.canonical, let theirs = presented.canonical else { return false }
        let (left, right) = (Array(mine.rawValue.utf8), Array(theirs.rawValue.utf8))
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    // NB: a credential: never in a log line.
    public var description: String { "TeacherCode(redacted)" }
}
