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

// NB: test-only: what a session on a broken host does instead of the protocol's answer. See ``HostFault``.
extension ConnectionSession {
    /// The session's faults applied to its answer to a payload, in the order a broken session meets them:
    /// a fatal error's code, a first member other than `type`, unknown members, a refusal for the rate,
    /// then the handshake's and the greeted session's answers to what it could not take.
    static func distorted(
        _ action: Action, payload: [UInt8], decoded: Result<ClientEnvelope, InboundProblem>, greeted: Bool,
        _ faults: Set<HostFault>
    ) -> Action {
        if case .failure(let problem) = decoded, problem.fatal {
            return faults.has(.genericFramingErrors) ? .close(HostFault.generic(problem)) : action
        }
        if faults.has(.typeMustBeFirst), !HostFault.startsWithType(payload) {
            return .close(Self.helloRequired(re: nil))
        }
        if faults.has(.unknownMembersRefused), case .success(let envelope) = decoded,
            HostFault.hasUnknownMembers(payload, envelope)
        {
            let refusal = ErrorMessage(code: .invalidMessage, message: "unknown member", fatal: false)
            return .reply(HostEnvelope(re: envelope.id, .error(refusal)))
        }
        if case .reply(let envelope) = action, case .error(let error) = envelope.message, error.code == .rateLimited {
            return faults.has(.rateLimitedFatal) ? .close(envelope) : action
        }
        switch (greeted, decoded) {
        case (false, .success(let envelope)):
            guard case .hello(let hello) = envelope.message else {
                return faults.has(.helloRequiredNotFatal) ? .reply(Self.helloRequired(re: envelope.id)) : action
            }
            if case .close = action, faults.has(.anyProtocolAccepted) { return .greet(hello, re: envelope.id) }
            return action
        case (false, .failure(let problem)):
            // NB: the strict session replies only to a `hello` with bad fields, and closes for anything else.
            if case .reply = action, !faults.has(.invalidHelloCloses) { return action }
            let required = Self.helloRequired(re: problem.re)
            return faults.has(.helloRequiredNotFatal) ? .reply(required) : .close(required)
        case (true, .failure(let problem)):
            if faults.has(.unknownTypeCloses), problem.code == .unknownType { return .close(problem.errorEnvelope) }
            if faults.has(.invalidMessageCloses), problem.code == .invalidMessage {
                return .close(problem.errorEnvelope)
            }
            return action
        case (true, .success):
            return action
        }
    }
}
