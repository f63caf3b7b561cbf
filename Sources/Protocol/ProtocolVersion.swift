/// The versions of the tcnet wire protocol that this implementation speaks.
public enum ProtocolVersion {
    /// The version this implementation speaks and announces in `welcome`.
    public static let current = 1

    /// Every version a host built from this code accepts in `hello`.
    public static let supported: [Int] = [1]
}
