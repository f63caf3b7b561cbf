import Foundation
import Lobby
import Protocol

// NB: test-only helpers for the faults whose branch needs more than one expression. See ``HostFault``.
extension HostFault {
    /// The `re-dropped` and `generic-refusals` faults, applied to a message about to be written.
    static func distort(_ envelope: HostEnvelope, _ faults: Set<HostFault>) -> HostEnvelope {
        var envelope = envelope
        if faults.has(.reDropped) {
            envelope.re = nil
        }
        if faults.has(.reInvented), envelope.re == nil {
            envelope.re = .number(0)
        }
        if faults.has(.genericRefusals), case .error(var error) = envelope.message, !error.fatal,
            error.code != .rateLimited
        {
            error.code = .unexpectedMessage
            envelope.message = .error(error)
        }
        return envelope
    }

    /// How a host with these faults reads payloads: the reading before issue 16 for `lenient-json`,
    /// `ids-normalised` and `integers-normalised`; the strict one otherwise.
    static func reading(_ faults: Set<HostFault>) -> JSONReading {
        JSONReading(
            foundationFallback: faults.has(.lenientJSON), idsByValue: faults.has(.idsNormalised),
            integersByValue: faults.has(.integersNormalised))
    }

    /// The `generic-framing-errors` fault: every fatal payload error reported as `invalid-message`.
    static func generic(_ problem: InboundProblem) -> HostEnvelope {
        HostEnvelope(.error(ErrorMessage(code: .invalidMessage, message: problem.message, fatal: true)))
    }

    /// Whether a payload's first member is `"type"` (the `type-must-be-first` fault).
    static func startsWithType(_ payload: [UInt8]) -> Bool {
        payload.starts(with: Array(#"{"type""#.utf8))
    }

    /// Whether a payload has top-level members its message does not define (`unknown-members-refused`).
    static func hasUnknownMembers(_ payload: [UInt8], _ envelope: ClientEnvelope) -> Bool {
        func keys(_ bytes: [UInt8]) -> Set<String> {
            guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
                return []
            }
            return Set(members.keys)
        }
        return !keys(payload).subtracting(["id"]).isSubset(of: keys(WireCodec.payload(envelope)))
    }
}
