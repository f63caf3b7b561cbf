import GameKit

extension CrapsState {
    /// The bytes that ``stateHash`` digests: the viewed state's JSON, compact, keys in the documented
    /// order, as UTF-8 (docs/CRAPS.md, "The state hash").
    public var hashBytes: [UInt8] {
        do {
            return Array(try OrderedJSON.string(from: self.viewed).utf8)
        } catch {
            // NB: a state holds only strings, integers, booleans and nulls, which always encode.
            preconditionFailure("a Craps state always encodes: \(error)")
        }
    }

    /// SHA-256 of ``hashBytes`` as 64 lowercase hex digits: the value a client compares with the host's.
    public var stateHash: String {
        SHA256.hex(of: self.hashBytes)
    }
}
