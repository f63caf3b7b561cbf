/// Every case of `tcnet conformance host`, in the order they run.
public enum HostSuite {
    /// The cases, grouped: framing, hello, message and forward, liveness and limits, lobby, each game's
    /// matches, resume.
    /// - Parameter games: the games' fixtures.
    public static func cases(games: [GameFixture]) -> [HostCase] {
        FramingCases.all + HandshakeCases.all + MessageCases.all + LivenessCases.all + LobbyCases.all
            + games.flatMap(\.hostCases) + ResumeCases.all
    }
}
