import Protocol

/// What a game adds to the conformance suite: its host cases (moves, refusals, a whole match in its
/// rules) and the match the client suite plays with a client under test.
///
/// NB: each game's fixture lives beside its screen, in the game's plug-in module; the suite itself
/// knows no game's rules.
public struct GameFixture: Sendable {
    /// The game, as the client suite's `welcome` lists it.
    public var game: GameInfo
    /// The seats of the client suite's table: the client takes the first, the suite the others.
    public var clientTableSeats: [String]
    /// The game's host cases, run after the lobby cases.
    public var hostCases: [HostCase]
    /// The cases the game's client match decides, beyond `client.moves` and `client.full-match`.
    public var clientCases: [CaseInfo]
    /// Plays the match part of the client suite: the client holds the first seat (or watches, when it
    /// did not sit down by itself). It records verdicts on the conversation.
    public var playClientMatch: @Sendable (ClientConversation, _ playing: Bool) async -> Void

    /// Describes a game's fixture.
    public init(
        game: GameInfo, clientTableSeats: [String], hostCases: [HostCase], clientCases: [CaseInfo] = [],
        playClientMatch: @escaping @Sendable (ClientConversation, Bool) async -> Void
    ) {
        self.game = game
        self.clientTableSeats = clientTableSeats
        self.hostCases = hostCases
        self.clientCases = clientCases
        self.playClientMatch = playClientMatch
    }
}
