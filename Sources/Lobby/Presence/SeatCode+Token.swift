import GameKit
import Protocol

extension SeatCode {
    /// A player's seat code: 50 bits of SHA-256 of their resume token.
    ///
    /// NB: derived, not drawn, so it needs no randomness of its own, no journal column, and survives a
    /// restart with the token. The token's 256 random bits make the code unpredictable, and the code
    /// does not give the token away.
    /// - Parameter token: the player's resume token.
    public init(token: ResumeToken) {
        let digest = SHA256.digest(of: Array("tcnet seat code\n\(token.rawValue)".utf8))
        let bits = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        self.init(bits: bits >> 14)
    }
}
