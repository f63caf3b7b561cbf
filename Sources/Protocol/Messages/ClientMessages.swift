/// `hello`: the first message of every connection.
public struct Hello: Codable, Sendable, Equatable {
    /// The protocol version the client speaks (key "protocol").
    public var protocolVersion: Int
    /// The player's name, as typed; the host trims it and checks it against ``PlayerName``.
    public var name: String
    /// The client software, for logs, e.g. "tcnet-swift/0.1.0". Optional.
    public var client: String?
    /// The resume token of an earlier session, to take that player's identity and seat back.
    public var resume: ResumeToken?
    /// A seat code (from an earlier `welcome`), to take that player's identity and seat back from
    /// another machine; the host uses `resume` when both are given.
    public var seatCode: SeatCode?

    /// Creates a greeting.
    /// - Parameters:
    ///   - protocolVersion: the version the client speaks.
    ///   - name: the player's name.
    ///   - client: the client software's name and version.
    ///   - resume: the token of an earlier session to resume.
    ///   - seatCode: the seat code of an earlier session to resume.
    public init(
        protocolVersion: Int = ProtocolVersion.current, name: String, client: String? = nil, resume: ResumeToken? = nil,
        seatCode: SeatCode? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.name = name
        self.client = client
        self.resume = resume
        self.seatCode = seatCode
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case name, client, resume, seatCode
    }
}

/// `ping`: asks the host for a `pong`; also keeps an idle connection alive.
public struct Ping: Codable, Sendable, Equatable {
    /// Creates a ping.
    public init() {}
}

/// `players`: asks for the list of connected players, or one page of it (P-3).
public struct PlayersRequest: Codable, Sendable, Equatable {
    /// The `next` of the previous page: the list continues after it. The first page when absent.
    public var after: String?
    /// The most players the reply may list (at least 1); as many as fit in a frame when absent.
    public var limit: Int?

    /// Creates the request.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the most entries wanted.
    public init(after: String? = nil, limit: Int? = nil) {
        self.after = after
        self.limit = limit
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PageRequestKey.self)
        let after = try container.decodeIfPresent(String.self, forKey: .after)
        self.init(after: after, limit: try PageRequestKey.limit(container))
    }
}

/// The members of a request for a list that comes in pages: `players`, `tables` (P-3).
enum PageRequestKey: String, CodingKey {
    case after, limit

    /// `limit`, checked: a page lists at least one entry.
    static func limit(_ container: KeyedDecodingContainer<PageRequestKey>) throws -> Int? {
        guard let limit = try container.decodeIfPresent(Int.self, forKey: .limit) else { return nil }
        guard limit >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .limit, in: container, debugDescription: "a page lists at least 1 entry, not \(limit)")
        }
        return limit
    }
}
