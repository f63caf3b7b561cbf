/// Encodes the messages of one host event, once per distinct message rather than once per recipient.
///
/// A `state` after a move goes to both players and every spectator; only the mover's copy carries
/// `re`. The first copy is encoded without `re`, and the copy with `re` is that text with the member
/// spliced in at its sorted place, so every recipient gets exactly the bytes `WireCodec.payload`
/// would have written for it.
public struct BroadcastPayloads {
    private var message: HostMessage?
    private var plain: [UInt8] = []
    /// Where `re` goes in ``plain``, when the message is a `state` that wrote its own text.
    private var reAt: Int?

    /// Creates an empty cache; use one per host event.
    public init() {}

    /// The payload of an envelope.
    /// - Parameter envelope: the message and the request id it answers.
    /// - Returns: the same bytes as `WireCodec.payload(envelope)`.
    public mutating func payload(_ envelope: HostEnvelope) -> [UInt8] {
        self.outgoing(envelope).bytes
    }

    /// The payload of an envelope as it is framed: a `state`'s shared text with this recipient's `re` put
    /// in as the frame is written, without a text of its own.
    ///
    /// NB: the mover's copy of every `state` after a move was a new array of more than a kilobyte (an
    /// allocation past glibc's per-thread cache, and the text copied into it), copied again into the frame.
    /// - Parameter envelope: the message and the request id it answers.
    /// - Returns: the same bytes as `WireCodec.payload(envelope)` (``OutgoingPayload/bytes``).
    public mutating func outgoing(_ envelope: HostEnvelope) -> OutgoingPayload {
        // NB: the values of one broadcast are one value (a message is one reference): the same bits, found
        // without reading the message (a `state`'s members compared one by one cost about 1 500
        // instructions). Other messages are compared, but not two `state`s stored apart: in a host's turn
        // they are each table's own after its move (0.6 % of a busy host's samples compared them), and a
        // state equal to the one before is only written again.
        let same =
            self.message.map { previous in
                Self.identical(previous, envelope.message)
                    || (!Self.bothStates(previous, envelope.message) && previous == envelope.message)
            } ?? false
        if !same {
            self.message = envelope.message
            if case .state(let update) = envelope.message, let written = update.payloadWithoutRe() {
                self.plain = written.bytes
                self.reAt = written.reAt
            } else {
                self.plain = WireCodec.payload(HostEnvelope(re: nil, envelope.message))
                self.reAt = nil
            }
        }
        guard let re = envelope.re else { return OutgoingPayload(self.plain) }
        if let reAt = self.reAt { return OutgoingPayload(StatePayload(bytes: self.plain, reAt: reAt), re: re) }
        return OutgoingPayload(Self.splice(re: re, into: self.plain) ?? WireCodec.payload(envelope))
    }

    /// Whether two messages are the same value, bit for bit: one reference to the same storage (a message
    /// is `indirect`), or the same case without a payload. Different bits say nothing (equal messages may
    /// be stored apart).
    static func identical(_ first: HostMessage, _ second: HostMessage) -> Bool {
        withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { first.elementsEqual($0) } }
    }

    /// Whether both messages are `state`s.
    private static func bothStates(_ first: HostMessage, _ second: HostMessage) -> Bool {
        guard case .state = first, case .state = second else { return false }
        return true
    }

    /// Inserts `"re":<id>` among the top-level members of a sorted-key JSON object.
    /// - Returns: the new text, or `nil` when the text is not the compact object this expects.
    static func splice(re: RequestID, into object: [UInt8]) -> [UInt8]? {
        guard object.first == UInt8(ascii: "{"), object.last == UInt8(ascii: "}") else { return nil }
        let member = StatePayload.member(re)
        var index = 1
        while index < object.count - 1 {
            // A key starts here: read it (our keys hold no escapes; one that does is left to the slow path).
            guard object[index] == UInt8(ascii: "\""),
                let close = object[(index + 1)...].firstIndex(of: UInt8(ascii: "\""))
            else { return nil }
            let key = object[(index + 1)..<close]
            if key.contains(UInt8(ascii: "\\")) { return nil }
            let name = String(decoding: key, as: UTF8.self)
            if name == "re" { return nil }
            if "re" < name {
                var spliced: [UInt8] = []
                spliced.reserveCapacity(object.count + member.count + 1)
                spliced.append(contentsOf: object[..<index])
                spliced.append(contentsOf: member)
                spliced.append(UInt8(ascii: ","))
                spliced.append(contentsOf: object[index...])
                return spliced
            }
            guard let next = Self.endOfValue(in: object, from: close + 2) else { return nil }
            index = next + 1
        }
        let separator: [UInt8] = object.count > 2 ? [UInt8(ascii: ",")] : []
        return Array(object.dropLast()) + separator + member + [UInt8(ascii: "}")]
    }

    /// The index of the `,` or closing `}` after the value that starts at `start`, at the top level.
    private static func endOfValue(in object: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < object.count {
            let byte = object[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}

/// A message's payload for one recipient as the host frames it: a text as it is, or a broadcast's `state`
/// text shared by its recipients with this one's `re` to go in at its place (``StatePayload``).
public struct OutgoingPayload: Sendable {
    /// The text, shared by every recipient of a broadcast, and where `re` goes in it.
    private let shared: StatePayload
    /// The request this recipient's copy answers, when its `re` goes into the shared text.
    private let re: RequestID?

    /// A payload that is the text as it is.
    public init(_ text: [UInt8]) {
        self.shared = StatePayload(bytes: text, reAt: 0)
        self.re = nil
    }

    /// A payload that is a `state`'s shared text with `re` in it.
    init(_ shared: StatePayload, re: RequestID) {
        self.shared = shared
        self.re = re
    }

    /// The payload's length in bytes.
    public var count: Int {
        self.withParts { $0.count + $1.count + $2.count }
    }

    /// The payload's bytes, in an array of their own.
    public var bytes: [UInt8] {
        self.shared.inserting(self.re)
    }

    /// Hands `body` the payload in three parts, one after another (``StatePayload/withParts(_:_:)``; the
    /// whole text and two empty parts when there is no `re` to put in).
    public func withParts<Result>(
        _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Result
    ) -> Result {
        guard let re = self.re else {
            let empty = UnsafeRawBufferPointer(start: nil, count: 0)
            return self.shared.bytes.withUnsafeBytes { body($0, empty, empty) }
        }
        return self.shared.withParts(re, body)
    }
}
