/// How ``WireCodec`` reads a payload. Production code reads ``strict``: RFC 8259 and the number rules
/// of docs/PROTOCOL.md (M-2, M-8).
///
/// NB: the other readings are the host's behaviour before issue 16, kept only so that `tcnet
/// conformance`'s broken hosts (`HostFault`) can show each conformance case failing against it. Each
/// is consulted at one place: the syntax fallback in `WireCodec`, the id rule in `RequestID`, the
/// integer rule where `JSONTreeDecoder` reads an integer or a game's value.
package struct JSONReading: Sendable, Equatable {
    /// A payload the RFC parser refuses is handed to Foundation's `JSONDecoder`, which accepts trailing
    /// commas, raw control characters in strings, `01`, a byte-order mark, UTF-16 (`lenient-json`).
    package var foundationFallback = false
    /// An id is read by its numeric value: `1.0`, `1e3`, `-0`, `1e-400` become 1, 1000, 0, 0 (`ids-normalised`).
    package var idsByValue = false
    /// A whole number stands for an integer however it is written: `"seq":1e0`, `"bank":1.0` (`integers-normalised`).
    package var integersByValue = false

    package init(foundationFallback: Bool = false, idsByValue: Bool = false, integersByValue: Bool = false) {
        self.foundationFallback = foundationFallback
        self.idsByValue = idsByValue
        self.integersByValue = integersByValue
    }

    /// RFC 8259 and the protocol's number rules: what every peer reads.
    package static let strict = JSONReading()
}
