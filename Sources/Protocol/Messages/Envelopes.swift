/// A message a client sends to the host.
public enum ClientMessage: Sendable, Equatable {
    case hello(Hello)
    case ping(Ping)
    case players(PlayersRequest)
    case createTable(CreateTable)
    case tables(TablesRequest)
    case sit(Sit)
    case ready(TableRequest)
    case leave(TableRequest)
    case watch(TableRequest)
    case move(MoveRequest)
    case sync(TableRequest)
    case resign(TableRequest)
    case offerDraw(TableRequest)
    case rematch(TableRequest)
    case teacher(TeacherHello)
    case tournaments(TournamentsRequest)
    /// The tournament requests (section 17), each its own `type`.
    ///
    /// NB: `indirect`: a command is 248 bytes, the largest other case 72; inline it made every message a
    /// client sends 248 bytes, copied as a session hands it to the lobby (a move's request is 57).
    indirect case tournament(TournamentCommand)

    /// The message's "type" on the wire.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .ping: "ping"
        case .players: "players"
        case .createTable: "create-table"
        case .tables: "tables"
        case .sit: "sit"
        case .ready: "ready"
        case .leave: "leave"
        case .watch: "watch"
        case .move: "move"
        case .sync: "sync"
        case .resign: "resign"
        case .offerDraw: "offer-draw"
        case .rematch: "rematch"
        case .teacher: "teacher"
        case .tournaments: "tournaments"
        case .tournament(let command): command.type
        }
    }

    var body: any Encodable {
        switch self {
        case .teacher(let body): body
        case .tournaments(let body): body
        case .tournament(let command): command.body
        case .hello(let body): body
        case .ping(let body): body
        case .players(let body): body
        case .createTable(let body): body
        case .tables(let body): body
        case .sit(let body): body
        case .ready(let body), .leave(let body), .watch(let body), .sync(let body), .resign(let body),
            .offerDraw(let body), .rematch(let body):
            body
        case .move(let body): body
        }
    }
}

/// A message a host sends to a client.
///
/// NB: `indirect`: each message is one reference. A `state` is copied several times on its way from the
/// lobby to the wire (into the outcome, each delivery, the batch), and copying the struct itself retained
/// each of its members every time: 8 % of the host's instructions a move in `tcnet bench lobby`
/// (docs/BENCHMARKS.md, fourteenth round).
public indirect enum HostMessage: Sendable, Equatable {
    case welcome(Welcome)
    case error(ErrorMessage)
    case pong(Pong)
    case players(PlayerList)
    case table(TableUpdate)
    case tables(TableList)
    case state(MatchUpdate)
    case away(PresenceNotice)
    case back(PresenceNotice)
    case drawOffered(OfferNotice)
    case rematchOffered(OfferNotice)
    case teacher(TeacherRole)
    case tournament(TournamentUpdate)
    case tournaments(TournamentList)
    case goToTable(TableCall)
    case tournamentExport(TournamentExport)

    /// The message's "type" on the wire.
    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .error: "error"
        case .pong: "pong"
        case .players: "players"
        case .table: "table"
        case .tables: "tables"
        case .state: "state"
        case .away: "away"
        case .back: "back"
        case .drawOffered: "draw-offered"
        case .rematchOffered: "rematch-offered"
        case .teacher: "teacher"
        case .tournament: "tournament"
        case .tournaments: "tournaments"
        case .goToTable: "go-to-table"
        case .tournamentExport: "tournament-export"
        }
    }

    var body: any Encodable {
        switch self {
        case .teacher(let body): body
        case .tournament(let body): body
        case .tournaments(let body): body
        case .goToTable(let body): body
        case .tournamentExport(let body): body
        case .welcome(let body): body
        case .error(let body): body
        case .pong(let body): body
        case .players(let body): body
        case .table(let body): body
        case .tables(let body): body
        case .state(let body): body
        case .away(let body), .back(let body): body
        case .drawOffered(let body), .rematchOffered(let body): body
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

/// Reads an envelope's "type" and request id, and decodes its payload, turning every failure into
/// the ``EnvelopeProblem`` that names the error code to answer with.
struct EnvelopeReader {
    let decoder: any Decoder
    let type: String
    let id: RequestID?

    init(_ decoder: any Decoder, idKey: EnvelopeKey) throws {
        let (type, container) = try EnvelopeProblem.readType(decoder)
        self.decoder = decoder
        self.type = type
        do {
            self.id = try container.decodeIfPresent(RequestID.self, forKey: idKey)
        } catch {
            throw EnvelopeProblem.invalidID(detail: ReadableDecodingError.describe(error))
        }
    }

    func payload<T: Decodable>(_: T.Type) throws -> T {
        do {
            return try T(from: self.decoder)
        } catch {
            throw EnvelopeProblem.invalidFields(
                type: self.type, id: self.id, detail: ReadableDecodingError.describe(error))
        }
    }
}

extension ClientEnvelope: Codable {
    public init(from decoder: any Decoder) throws {
        let reader = try EnvelopeReader(decoder, idKey: .id)
        let id = reader.id
        let message: ClientMessage
        switch reader.type {
        case "hello": message = .hello(try reader.payload(Hello.self))
        case "ping": message = .ping(try reader.payload(Ping.self))
        case "players": message = .players(try reader.payload(PlayersRequest.self))
        case "create-table": message = .createTable(try reader.payload(CreateTable.self))
        case "tables": message = .tables(try reader.payload(TablesRequest.self))
        case "sit": message = .sit(try reader.payload(Sit.self))
        case "ready": message = .ready(try reader.payload(TableRequest.self))
        case "leave": message = .leave(try reader.payload(TableRequest.self))
        case "watch": message = .watch(try reader.payload(TableRequest.self))
        case "move": message = .move(try reader.payload(MoveRequest.self))
        case "sync": message = .sync(try reader.payload(TableRequest.self))
        case "resign": message = .resign(try reader.payload(TableRequest.self))
        case "offer-draw": message = .offerDraw(try reader.payload(TableRequest.self))
        case "rematch": message = .rematch(try reader.payload(TableRequest.self))
        case "teacher": message = .teacher(try reader.payload(TeacherHello.self))
        case "tournaments": message = .tournaments(try reader.payload(TournamentsRequest.self))
        default:
            guard let command = try TournamentCommand.decode(reader.type, reader) else {
                throw EnvelopeProblem.unknownType(type: reader.type, id: id)
            }
            message = .tournament(command)
        }
        self.init(id: id, message)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(self.message.type, forKey: .type)
        try container.encodeIfPresent(self.id, forKey: .id)
        try self.message.body.encode(to: encoder)
    }
}

extension HostEnvelope: Codable {
    public init(from decoder: any Decoder) throws {
        let reader = try EnvelopeReader(decoder, idKey: .re)
        let re = reader.id
        let message: HostMessage
        switch reader.type {
        case "welcome": message = .welcome(try reader.payload(Welcome.self))
        case "error": message = .error(try reader.payload(ErrorMessage.self))
        case "pong": message = .pong(try reader.payload(Pong.self))
        case "players": message = .players(try reader.payload(PlayerList.self))
        case "table": message = .table(try reader.payload(TableUpdate.self))
        case "tables": message = .tables(try reader.payload(TableList.self))
        case "state": message = .state(try reader.payload(MatchUpdate.self))
        case "away": message = .away(try reader.payload(PresenceNotice.self))
        case "back": message = .back(try reader.payload(PresenceNotice.self))
        case "draw-offered": message = .drawOffered(try reader.payload(OfferNotice.self))
        case "rematch-offered": message = .rematchOffered(try reader.payload(OfferNotice.self))
        case "teacher": message = .teacher(try reader.payload(TeacherRole.self))
        case "tournament": message = .tournament(try reader.payload(TournamentUpdate.self))
        case "tournaments": message = .tournaments(try reader.payload(TournamentList.self))
        case "go-to-table": message = .goToTable(try reader.payload(TableCall.self))
        case "tournament-export": message = .tournamentExport(try reader.payload(TournamentExport.self))
        default: throw EnvelopeProblem.unknownType(type: reader.type, id: re)
        }
        self.init(re: re, message)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(self.message.type, forKey: .type)
        try container.encodeIfPresent(self.re, forKey: .re)
        try self.message.body.encode(to: encoder)
    }
}
