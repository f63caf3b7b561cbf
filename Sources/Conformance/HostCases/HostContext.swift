import Foundation
import Protocol
import Synchronization

/// The host under test: `HOST:PORT` for framed TCP, or `ws://HOST:PORT/PATH` for tcnet/1 over WebSocket.
public struct HostTarget: Sendable, Equatable, CustomStringConvertible {
    /// How the suite reaches the host.
    public enum Transport: Sendable, Equatable {
        /// tcnet/1 frames on TCP (PROTOCOL.md section 1).
        case tcp
        /// tcnet/1 over a WebSocket at a path (section 16).
        case webSocket(path: String)
    }

    public var host: String
    public var port: Int
    public var transport: Transport

    public init(host: String, port: Int, transport: Transport = .tcp) {
        self.host = host
        self.port = port
        self.transport = transport
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT` or `HOST` (port 7420), or `ws://HOST:PORT/PATH` (port 7480,
    /// path `/ws`).
    public init?(parsing text: String) {
        if text.lowercased().hasPrefix("ws://") {
            let rest = text.dropFirst(5)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let path = slash == rest.endIndex ? "/ws" : String(rest[slash...])
            guard var target = HostTarget(parsing: String(rest[..<slash]), defaultPort: 7480) else { return nil }
            target.transport = .webSocket(path: path)
            self = target
        } else if let target = HostTarget(parsing: text, defaultPort: 7420) {
            self = target
        } else {
            return nil
        }
    }

    private init?(parsing text: String, defaultPort: Int) {
        var host = text
        var port = defaultPort
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let value = Int(rest.dropFirst()) else { return nil }
                port = value
            } else if !rest.isEmpty {
                return nil
            }
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            host = String(text[..<colon])
            guard let value = Int(text[text.index(after: colon)...]) else { return nil }
            port = value
        }
        guard !host.isEmpty, !host.contains("/"), (1...65_535).contains(port) else { return nil }
        self.host = host
        self.port = port
        self.transport = .tcp
    }

    /// `HOST:PORT` (the authority, as a `Host` header has it).
    public var authority: String {
        self.host.contains(":") ? "[\(self.host)]:\(self.port)" : "\(self.host):\(self.port)"
    }

    public var description: String {
        switch self.transport {
        case .tcp: self.authority
        case .webSocket(let path): "ws://\(self.authority)\(path)"
        }
    }
}

/// What a host case works with: the target, the time scale, fresh names.
public struct HostContext: Sendable {
    public let target: HostTarget
    /// Multiplies the waits for the host's documented timeouts (10 s hello and frame timeouts); below 1
    /// for a host configured with shorter ones.
    public let timeoutScale: Double
    /// How long a reply may take.
    public let replyTimeout: Duration
    let names: NameSource

    public init(target: HostTarget, timeoutScale: Double = 1, replyTimeout: Duration = .seconds(3), names: NameSource) {
        self.target = target
        self.timeoutScale = timeoutScale
        self.replyTimeout = replyTimeout
        self.names = names
    }

    /// A wait for a documented host timeout of `seconds`, scaled, with a margin for a busy machine.
    public func specWait(seconds: Double) -> Duration {
        .milliseconds(Int(seconds * self.timeoutScale * 1000) + 1500)
    }

    /// A new player name, unique for this run (`k3f9-12a`): a run tag, a counter, a role letter.
    public func name(_ role: String = "") -> String {
        self.names.next(role)
    }

    /// A new connection to the host, over the target's transport.
    public func connect() async throws -> Probe {
        switch self.target.transport {
        case .tcp:
            return try await Probe.connect(host: self.target.host, port: self.target.port)
        case .webSocket(let path):
            switch try await Probe.connectWebSocket(host: self.target.host, port: self.target.port, path: path) {
            case .success(let probe): return probe
            case .failure(let refused):
                throw CaseFailure(expected: "a WebSocket upgrade at \(path) (W-1)", seen: "\(refused)")
            }
        }
    }
}

/// Player names unique across cases and runs (the host under test may outlive one run).
public final class NameSource: Sendable {
    private let tag: String
    private let counter = Mutex(0)

    /// Creates a source; the tag comes from the system's random generator unless given.
    public init(tag: String? = nil) {
        // NB: always with letters, so a name and its upper-case form differ (hello.name-taken-any-case).
        self.tag = tag ?? "cf" + String(UInt16.random(in: 0x1000...0xFFFF), radix: 16)
    }

    func next(_ role: String) -> String {
        let number = self.counter.withLock { value -> Int in
            value += 1
            return value
        }
        return "\(self.tag)-\(number)\(role)"
    }
}

/// A greeted connection.
public struct Greeted: Sendable {
    public let probe: Probe
    public let welcome: WireMessage
    public var player: String { self.welcome.string("player") ?? "" }
    public var name: String { self.welcome.string("name") ?? "" }
    public var token: String { self.welcome.string("resumeToken") ?? "" }
}

// MARK: - Exchanges

extension HostContext {
    /// Connects and says `hello`; fails the case unless the answer is `welcome`.
    public func greet(_ role: String = "", name: String? = nil, extra: String = "") async throws -> Greeted {
        let probe = try await self.connect()
        let name = name ?? self.name(role)
        let named = #"{"type":"hello","id":1,"protocol":1,"name":\#(JSONValue.string(name)),"#
        let body = named + #""client":"tcnet-conformance/1"\#(extra)}"#
        await probe.send(json: body)
        let answer = await probe.read(timeout: self.replyTimeout)
        guard let welcome = answer.message, welcome.type == "welcome" else {
            throw CaseFailure(expected: "welcome to hello", seen: "\(answer)")
        }
        return Greeted(probe: probe, welcome: welcome)
    }

    /// Sends a request with an `id` and returns the message that answers it (`re` equal to the id),
    /// skipping the others; waits out `rate-limited` and sends again.
    /// - Parameters:
    ///   - probe: the connection.
    ///   - type: the message type.
    ///   - id: the request id (unique on the connection).
    ///   - members: further members as JSON text, starting with a comma.
    ///   - timeout: how long the answer may take (``replyTimeout`` unless the case allows more).
    public func request(
        _ probe: Probe, _ type: String, id: Int, _ members: String = "", timeout: Duration? = nil
    ) async throws -> WireMessage {
        let text = #"{"type":"\#(type)","id":\#(id)\#(members)}"#
        for _ in 0..<20 {
            await probe.send(json: text)
            let answer = await probe.read(
                until: { $0.re == .number(Double(id)) }, timeout: timeout ?? self.replyTimeout)
            guard let message = answer.message else {
                throw CaseFailure(expected: "an answer to \(type) (re \(id))", seen: "\(answer)")
            }
            if message.code == "rate-limited" {
                let wait = message.int("retryAfterMs") ?? 100
                try await Task.sleep(for: .milliseconds(max(10, min(wait, 2000))))
                continue
            }
            return message
        }
        throw CaseFailure(expected: "an answer to \(type) within the rate limit", seen: "rate-limited 20 times")
    }

    /// Sends a request that must be refused with `code`, not fatally, answering its id.
    @discardableResult
    public func expectRefusal(
        _ probe: Probe, _ type: String, id: Int, _ members: String = "", code: String
    ) async throws -> WireMessage {
        let answer = try await self.request(probe, type, id: id, members)
        try require(answer.code == code, "error \(code) answering \(type)", seen: "\(answer)")
        try require(answer.bool("fatal") == false, "fatal: false on \(code)", seen: "\(answer)")
        try require(answer.string("message") != nil, "a message for people on \(code) (section 6)", seen: "\(answer)")
        return answer
    }

    /// Expects a fatal error with `code`, then the close.
    public func expectFatal(_ probe: Probe, code: String, within wait: Duration? = nil) async throws {
        let wait = wait ?? self.replyTimeout
        let first = await probe.read(timeout: wait)
        guard let message = first.message else {
            throw CaseFailure(expected: "error \(code), then the close", seen: "\(first)")
        }
        try require(message.code == code, "error \(code), then the close", seen: "\(message)")
        try require(message.bool("fatal") == true, "fatal: true on \(code)", seen: "\(message)")
        let rest = await probe.readUntilClosed(timeout: self.replyTimeout)
        try require(rest.closed && rest.messages.isEmpty, "the host to close the connection right after \(code) (E-2)",
            seen: rest.messages.isEmpty ? "the connection still open" : "more messages: \(rest.messages.first!)")
    }

    /// Checks that the connection is open and answered: a `ping` gets its `pong`.
    public func expectOpen(_ probe: Probe, id: Int = 900) async throws {
        let answer = try await self.request(probe, "ping", id: id)
        try require(answer.type == "pong", "the connection to stay open (pong to ping)", seen: "\(answer)")
    }

    /// One page of a list (`players`, `tables`) as the host sent it.
    public struct ListPageSeen: Sendable {
        /// The reply.
        public let reply: WireMessage
        /// Its entries.
        public let entries: [WireMessage]
    }

    /// Reads a whole list, following `next` from page to page (P-3); fails the case on a reply that
    /// is not the list, or after 2,000 pages.
    /// - Parameters:
    ///   - probe: the connection.
    ///   - type: `players` or `tables` (also the reply's type and the member holding the entries).
    ///   - id: the first request's id; the next pages take the ids after it.
    ///   - members: further request members (starting with a comma), e.g. `,"limit":2`.
    public func listAll(
        _ probe: Probe, _ type: String, id: Int, _ members: String = ""
    ) async throws -> [ListPageSeen] {
        var pages: [ListPageSeen] = []
        var after: String?
        repeat {
            let cursor = after.map { #","after":\#(JSONValue.string($0))"# } ?? ""
            let reply = try await self.request(probe, type, id: id + pages.count, members + cursor)
            guard reply.type == type, let entries = reply.array(type) else {
                throw CaseFailure(expected: "\(type) answering \(type) (P-1, P-2)", seen: "\(reply)")
            }
            pages.append(ListPageSeen(reply: reply, entries: entries.compactMap(\.objectValue)))
            after = reply.string("next")
            guard pages.count < 2000 else {
                throw CaseFailure(expected: "a last page (without next)", seen: "2000 pages")
            }
        } while after != nil
        return pages
    }

    /// Creates a table and returns its description.
    /// - Parameters:
    ///   - probe: the creator's connection.
    ///   - id: the request id.
    ///   - game: the game (the suite's lobby cases use Tax Collection, the reference game every host offers).
    ///   - members: further members, as JSON text starting with a comma.
    public func createTable(
        _ probe: Probe, id: Int = 50, game: String = "taxcollection", _ members: String = ""
    ) async throws -> WireMessage {
        let answer = try await self.request(probe, "create-table", id: id, #","game":"\#(game)""# + members)
        guard answer.type == "table", let table = answer.object("table"), table.string("id") != nil else {
            throw CaseFailure(expected: "table answering create-table (T-1)", seen: "\(answer)")
        }
        return table
    }
}

extension WireMessage {
    /// A `table` message's table, or a `state` message's state, by the member.
    var tableID: String? { self.object("table")?.string("id") ?? self.string("table") }
}
