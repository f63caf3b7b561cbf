/// Every case of `tcnet conformance host`, in the order they run.
public enum HostSuite {
    /// The cases, grouped: framing, hello, message and forward, liveness and limits, lobby, match, resume,
    /// and the WebSocket transport's own.
    public static let cases: [HostCase] =
        FramingCases.all + HandshakeCases.all + MessageCases.all + LivenessCases.all + LobbyCases.all + MatchCases.all
        + ResumeCases.all + WebSocketCases.all

    /// The cases that apply over a transport.
    public static func cases(over transport: HostTarget.Transport) -> [HostCase] {
        self.cases.filter { $0.transport == .any || ($0.transport == .tcp) == (transport == .tcp) }
    }
}
