/// Every case of `tcnet conformance host`, in the order they run.
public enum HostSuite {
    /// The cases, grouped: framing, JSON, hello, message and forward, liveness and limits, lobby, match, resume.
    public static let cases: [HostCase] =
        FramingCases.all + JSONCases.all + HandshakeCases.all + MessageCases.all + LivenessCases.all + LobbyCases.all
        + MatchCases.all + ResumeCases.all
}
