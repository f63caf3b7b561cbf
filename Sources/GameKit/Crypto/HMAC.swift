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
        Key(key).code(of: message)
    }

    /// A key made ready for many messages: the digests of its two padded blocks are begun once, so each
    /// message costs two SHA-256 blocks fewer (the Craps dice derive every roll under one key).
    public struct Key: Sendable {
        private let inner: SHA256
        private let outer: SHA256

        /// Prepares a key.
        /// - Parameter key: the key, of any length (longer than 64 bytes is hashed first, as the RFC says).
        public init(_ key: some Collection<UInt8>) {
            var block = key.count > HMACSHA256.blockSize ? SHA256.digest(of: key) : Array(key)
            block.append(contentsOf: repeatElement(0, count: HMACSHA256.blockSize - block.count))
            var inner = SHA256()
            inner.update(block.map { $0 ^ 0x36 })
            var outer = SHA256()
            outer.update(block.map { $0 ^ 0x5c })
            self.inner = inner
            self.outer = outer
        }

        /// The authentication code of a message under this key.
        /// - Parameter message: the message.
        /// - Returns: the 32 bytes of the code.
        public func code(of message: some Sequence<UInt8>) -> [UInt8] {
            var inner = self.inner
            inner.update(message)
            var outer = self.outer
            outer.update(inner.finalize())
            return outer.finalize()
        }
    }
}
