/// Every case of `tcnet conformance host`, in the order they run.
public enum HostSuite {
    /// The cases, grouped: framing, JSON, hello, message and forward, liveness and limits, lobby, each
    /// game's matches, resume, and the WebSocket transport's own.
    /// - Parameter games: the games' fixtures.
    public static func cases(games: [GameFixture]) -> [HostCase] {
        FramingCases.all + JSONCases.all + HandshakeCases.all + MessageCases.all + LivenessCases.all + LobbyCases.all
            + games.flatMap(\.hostCases) + ResumeCases.all + WebSocketCases.all
    }

    /// The cases that apply over a transport.
    /// - Parameters:
    ///   - games: the games' fixtures.
    ///   - transport: TCP or WebSocket.
    public static func cases(games: [GameFixture], over transport: HostTarget.Transport) -> [HostCase] {
        self.cases(games: games).filter { $0.transport == .any || ($0.transport == .tcp) == (transport == .tcp) }
    }
}
