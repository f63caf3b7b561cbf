/// A message a client sends to the host.
public enum ClientMessage: Sendable, Equatable {
    case hello(Hello)
    case ping(Ping)
    case players(PlayersRequest)

    /// The message's "type" on the wire.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .ping: "ping"
        case .players: "players"
        }
    }
}

/// A message a host sends to a client.
public enum HostMessage: Sendable, Equatable {
    case welcome(Welcome)
    case error(ErrorMessage)
    case pong(Pong)
    case players(PlayerList)

    /// The message's "type" on the wire.
    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .error: "error"
        case .pong: "pong"
        case .players: "players"
        }
    }
}

/// A client message with the optional request id it carries on the wire.
public struct ClientEnvelope: Sendable, Equatable {
    /// The request id, echoed by the host as "re".
    public var id: RequestID?
    /// The message.
    public var message: ClientMessage

    /// Creates an envelope.
    public init(id: RequestID? = nil, _ message: ClientMessage) {
        self.id = id
        self.message = message
    }
}

/// A host message with the request id it answers, if any.
public struct HostEnvelope: Sendable, Equatable {
    /// The id of the request this message answers.
    public var re: RequestID?
    /// The message.
    public var message: HostMessage

    /// Creates an envelope.
    public init(re: RequestID? = nil, _ message: HostMessage) {
        self.re = re
        self.message = message
    }
}

enum EnvelopeKey: String, CodingKey {
    case type, id, re
}

// MARK: - Coding

extension ClientEnvelope: Codable {
    public init(from decoder: any Decoder) throws {
        let (type, container) = try EnvelopeProblem.readType(decoder)
        let id: RequestID?
        do {
            id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        } catch {
            throw EnvelopeProblem.invalidID(detail: ReadableDecodingError.describe(error))
        }
        func payload<T: Decodable>(_: T.Type) throws -> T {
            do {
                return try T(from: decoder)
            } catch {
                throw EnvelopeProblem.invalidFields(type: type, id: id, detail: ReadableDecodingError.describe(error))
            }
        }
        switch type {
        case "hello": self.init(id: id, .hello(try payload(Hello.self)))
        case "ping": self.init(id: id, .ping(try payload(Ping.self)))
        case "players": self.init(id: id, .players(try payload(PlayersRequest.self)))
        default: throw EnvelopeProblem.unknownType(type: type, id: id)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(self.message.type, forKey: .type)
        try container.encodeIfPresent(self.id, forKey: .id)
        switch self.message {
        case .hello(let body): try body.encode(to: encoder)
        case .ping(let body): try body.encode(to: encoder)
        case .players(let body): try body.encode(to: encoder)
        }
    }
}

extension HostEnvelope: Codable {
    public init(from decoder: any Decoder) throws {
        let (type, container) = try EnvelopeProblem.readType(decoder)
        let re: RequestID?
        do {
            re = try container.decodeIfPresent(RequestID.self, forKey: .re)
        } catch {
            throw EnvelopeProblem.invalidID(detail: ReadableDecodingError.describe(error))
        }
        func payload<T: Decodable>(_: T.Type) throws -> T {
            do {
                return try T(from: decoder)
            } catch {
                throw EnvelopeProblem.invalidFields(type: type, id: re, detail: ReadableDecodingError.describe(error))
            }
        }
        switch type {
        case "welcome": self.init(re: re, .welcome(try payload(Welcome.self)))
        case "error": self.init(re: re, .error(try payload(ErrorMessage.self)))
        case "pong": self.init(re: re, .pong(try payload(Pong.self)))
        case "players": self.init(re: re, .players(try payload(PlayerList.self)))
        default: throw EnvelopeProblem.unknownType(type: type, id: re)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(self.message.type, forKey: .type)
        try container.encodeIfPresent(self.re, forKey: .re)
        switch self.message {
        case .welcome(let body): try body.encode(to: encoder)
        case .error(let body): try body.encode(to: encoder)
        case .pong(let body): try body.encode(to: encoder)
        case .players(let body): try body.encode(to: encoder)
        }
    }
}
