/// HMAC-SHA256 (RFC 2104, FIPS 198-1): a keyed digest. The host's randomness and the Craps dice are
/// derived with it, so anyone who learns the key afterwards can recompute every value.
///
/// Tests check it against the RFC 4231 vectors.
public enum HMACSHA256 {
    private static let blockSize = 64

    /// The authentication code of a message under a key.
    /// - Parameters:
    ///   - message: the message.
    ///   - key: the key, of any length (longer than 64 bytes is hashed first, as the RFC says).
    /// - Returns: the 32 bytes of the code.
    public static func code(of message: some Sequence<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        var block = key.count > Self.blockSize ? SHA256.digest(of: key) : Array(key)
        block.append(contentsOf: repeatElement(0, count: Self.blockSize - block.count))
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
