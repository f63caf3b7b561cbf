import Foundation
import GameKit

/// Why a frame's payload could not be taken as a message, with the error the receiver answers.
public struct InboundProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The code to answer with.
    public var code: ErrorCode
    /// A sentence for people.
    public var message: String
    /// The request id, when the payload was an object with a valid "id" (or "re").
    public var re: RequestID?
    /// Whether the payload was so malformed that the connection must close.
    public var fatal: Bool
    /// The payload's "type", when it had one.
    public var messageType: String? = nil

    /// The `error` message that reports this problem.
    public var errorEnvelope: HostEnvelope {
        HostEnvelope(re: self.re, .error(ErrorMessage(code: self.code, message: self.message, fatal: self.fatal)))
    }

    public var description: String { "\(self.code): \(self.message)" }
}

/// Encodes and decodes tcnet/1 messages: JSON objects with a "type".
///
/// NB: keys are written sorted, so the same message always has the same bytes; golden fixtures and
/// logs rely on it.
public enum WireCodec {
    /// Encodes a message as a JSON payload (without a frame header).
    /// - Parameter value: a client or host envelope.
    /// - Returns: UTF-8 JSON bytes.
    public static func payload(_ value: some Encodable) -> [UInt8] {
        self.sortedPayload(value)
    }

    /// Encodes a value that writes itself (a journal's move record), chosen where its type is known, so
    /// nothing is asked at run time.
    public static func payload(_ value: some JSONTextWritable) -> [UInt8] {
        value.jsonText
    }

    /// Encodes a host's message as a JSON payload (without a frame header).
    ///
    /// NB: a `state` whose state and events the host wrote already (every one after a move) is written
    /// member by member (``MatchUpdate/payload(re:)``), and so are a `table` (``TableUpdate/payload(re:)``),
    /// the offers of a draw or a rematch and a player's `away` and `back`; the rest as any value is.
    public static func payload(_ envelope: HostEnvelope) -> [UInt8] {
        switch envelope.message {
        case .state(let update): if let bytes = update.payload(re: envelope.re) { return bytes }
        case .table(let update): return update.payload(re: envelope.re)
        case .rematchOffered(let notice): return notice.payload(re: envelope.re, type: "rematch-offered")
        case .drawOffered(let notice): return notice.payload(re: envelope.re, type: "draw-offered")
        case .away(let notice): return notice.payload(re: envelope.re, type: "away")
        case .back(let notice): return notice.payload(re: envelope.re, type: "back")
        default: break
        }
        return self.sortedPayload(envelope)
    }

    /// Encodes a client's message as a JSON payload (without a frame header).
    ///
    /// NB: a `move` is written member by member (``MoveRequest/payload(id:)``), and so is a request that
    /// names only a table (``TableRequest/payload(id:type:)``); the rest as any value is.
    public static func payload(_ envelope: ClientEnvelope) -> [UInt8] {
        switch envelope.message {
        case .move(let request): return request.payload(id: envelope.id)
        case .ready(let request), .leave(let request), .watch(let request), .sync(let request),
            .resign(let request), .offerDraw(let request), .rematch(let request):
            return request.payload(id: envelope.id, type: envelope.message.type)
        default: return self.sortedPayload(envelope)
        }
    }

    /// NB: the fast paths write the same bytes as JSONEncoder (tests hold them to that); values with
    /// floating-point fields, very large integers or Foundation types take JSONEncoder itself.
    private static func sortedPayload(_ value: some Encodable) -> [UInt8] {
        if let writable = value as? any JSONTextWritable {
            // NB: a value that writes itself (a journal's move record): no `Encoder` in between.
            return writable.jsonText
        }
        if let bytes = try? SortedJSONEncoder.bytes(of: value) {
            return bytes
        }
        return self.encoderPayload(value)
    }

    /// The payload as `JSONEncoder` writes it: the reference of the fast path.
    static func encoderPayload(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // NB: our message types hold only strings, integers, booleans and arrays of them; encoding
            // cannot fail short of a programming error.
            preconditionFailure("encoding \(type(of: value)) failed: \(error)")
        }
    }

    /// Encodes a message as a whole frame: header, then JSON.
    /// - Parameter value: a client or host envelope.
    /// - Returns: the bytes to write.
    public static func frame(_ value: some Encodable) -> [UInt8] {
        FrameEncoder.frame(self.payload(value))
    }

    /// Encodes a client's message as a whole frame: header, then JSON (a `move` written member by member).
    public static func frame(_ envelope: ClientEnvelope) -> [UInt8] {
        FrameEncoder.frame(self.payload(envelope))
    }

    /// Encodes a host's message as a whole frame: header, then JSON (a `state` after a move written
    /// member by member).
    public static func frame(_ envelope: HostEnvelope) -> [UInt8] {
        FrameEncoder.frame(self.payload(envelope))
    }

    /// Decodes a frame payload sent by a client.
    /// - Parameter payload: the payload bytes.
    /// - Returns: the envelope, or the problem to report.
    ///
    /// NB: a `move`, and a request that names only a table, as clients write them are read member by member
    /// (``MoveRequest/envelope(scanning:)``).
    public static func decodeClient(_ payload: [UInt8]) -> Result<ClientEnvelope, InboundProblem> {
        self.decodeClient(payload, reading: .strict)
    }

    /// Decodes a frame payload sent by a client, read as `reading` says (a broken host's reading, for
    /// the conformance suite's own tests; see ``JSONReading``).
    /// - Parameter direct: whether a `move` is read member by member, in the strict reading (a broken
    ///   reading goes through `Decodable`); `false` is the reference that reading is tested against.
    package static func decodeClient(
        _ payload: [UInt8], reading: JSONReading, direct: Bool = true
    ) -> Result<ClientEnvelope, InboundProblem> {
        if direct, reading == .strict, let move = MoveRequest.envelope(scanning: payload) { return .success(move) }
        return self.decode(ClientEnvelope.self, payload, reading: reading)
    }

    /// Decodes a frame payload sent by a host.
    /// - Parameter payload: the payload bytes.
    /// - Returns: the envelope, or the problem found.
    ///
    /// NB: a `state`'s state and events are checked here but built only when read (``DeferredJSON``).
    public static func decodeHost(_ payload: [UInt8]) -> Result<HostEnvelope, InboundProblem> {
        self.decodeHost(payload, deferring: true)
    }

    /// Decodes a frame payload sent by a host, with its game values deferred or built at once (the
    /// reference the deferred reading is tested against).
    /// - Parameter direct: whether a `state`, a `table` and an offer as a host writes them are read member
    ///   by member as they are parsed (``MatchUpdate/envelope(scanning:)``, ``TableUpdate/envelope(scanning:)``,
    ///   ``OfferNotice/envelope(scanning:)``); `false` is the reference that reading is tested against.
    static func decodeHost(
        _ payload: [UInt8], deferring: Bool, direct: Bool = true
    ) -> Result<HostEnvelope, InboundProblem> {
        if direct, deferring {
            if let update = MatchUpdate.envelope(scanning: payload) { return .success(update) }
            if let update = TableUpdate.envelope(scanning: payload) { return .success(update) }
            if let offer = OfferNotice.envelope(scanning: payload) { return .success(offer) }
        }
        return self.decode(HostEnvelope.self, payload, reading: .strict, deferring: deferring)
    }

    /// NB: the parser checks the UTF-8 of every string, and outside strings takes only ASCII, so a text it
    /// takes is UTF-8; only a refused one is checked again, to say which of the two it is not.
    private static func decode<T: Decodable>(
        _: T.Type, _ payload: [UInt8], reading: JSONReading, deferring: Bool = false
    ) -> Result<T, InboundProblem> {
        let tree: ParsedJSON
        switch ParsedJSON.parse(payload, deferring: deferring) {
        case .success(let parsed):
            tree = parsed
        case .failure(let syntax):
            guard String(validating: payload, as: UTF8.self) != nil else {
                return .failure(
                    InboundProblem(
                        code: .invalidUTF8, message: "the frame's payload is not valid UTF-8", re: nil, fatal: true))
            }
            if reading.foundationFallback { return self.foundationDecode(T.self, payload) }
            return .failure(
                InboundProblem(
                    code: .invalidJSON, message: "the frame's payload is not JSON (RFC 8259): \(syntax)", re: nil,
                    fatal: true))
        }
        do {
            return .success(try JSONTreeDecoder.decode(T.self, from: tree, codingPath: [], reading: reading))
        } catch let problem as EnvelopeProblem {
            return .failure(self.problem(problem))
        } catch {
            // NB: the envelopes turn every decoding error into an EnvelopeProblem; this is a safety net.
            return .failure(
                InboundProblem(
                    code: .invalidMessage, message: ReadableDecodingError.describe(error), re: nil, fatal: false))
        }
    }

    /// Foundation's `JSONDecoder`, as the host read every payload its own parser gave up on before
    /// issue 16: only for ``JSONReading/foundationFallback``.
    private static func foundationDecode<T: Decodable>(_: T.Type, _ payload: [UInt8]) -> Result<T, InboundProblem> {
        do {
            return .success(try JSONDecoder().decode(T.self, from: Data(payload)))
        } catch let problem as EnvelopeProblem {
            return .failure(self.problem(problem))
        } catch {
            return .failure(
                InboundProblem(
                    code: .invalidJSON, message: "the frame's payload is not valid JSON", re: nil, fatal: true))
        }
    }

    private static func problem(_ problem: EnvelopeProblem) -> InboundProblem {
        switch problem {
        case .notAnObject:
            InboundProblem(code: .notAnObject, message: "a message is one JSON object, {...}", re: nil, fatal: true)
        case .missingType:
            InboundProblem(
                code: .missingType, message: "a message needs a string field \"type\"", re: nil, fatal: true)
        case .invalidID(let detail):
            InboundProblem(
                code: .invalidMessage, message: "bad request id: \(detail)", re: nil, fatal: false)
        case .unknownType(let type, let id):
            InboundProblem(
                code: .unknownType, message: "no message has type \"\(type)\"", re: id, fatal: false,
                messageType: type)
        case .invalidFields(let type, let id, let detail):
            InboundProblem(
                code: .invalidMessage, message: "bad \(type): \(detail)", re: id, fatal: false, messageType: type)
        }
    }
}
