import GameKit

extension WhichBillState {
    /// The bytes that ``stateHash`` digests: the state's JSON as given (the host's whole state, or a
    /// viewer's), compact, keys in the documented order, as UTF-8 (docs/WHICHBILL.md, "The state hash").
    public var hashBytes: [UInt8] {
        do {
            return Array(try OrderedJSON.string(from: self).utf8)
        } catch {
            // NB: a state holds only strings, integers and booleans, which always encode.
            preconditionFailure("a WhichBill state always encodes: \(error)")
        }
    }

    /// SHA-256 of ``hashBytes`` as 64 lowercase hex digits: the value a client compares with the host's.
    public var stateHash: String {
        SHA256.hex(of: self.hashBytes)
    }
}
