import GameKit

extension SpellingState {
    /// SHA-256 of the state's JSON (compact, keys in the documented order), as 64 lowercase hex digits.
    /// The host hashes its full state for the journal and each viewer's state for that viewer.
    public var stateHash: String {
        do {
            return SHA256.hex(of: Array(try OrderedJSON.string(from: self).utf8))
        } catch {
            // NB: a state holds only strings, integers, booleans and nulls, which always encode.
            preconditionFailure("a spelling state always encodes: \(error)")
        }
    }
}
