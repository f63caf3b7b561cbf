import Conformance
import Foundation
import Lobby
import Logging
import Peer
import Web

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real host with its web side, on free loopback ports, for the length of `body`.
func withWebHost<T: Sendable>(
    _ configure: (inout HostConfiguration) -> Void = { _ in },
    web configureWeb: (inout WebConfiguration) -> Void = { _ in },
    _ body: @Sendable (_ host: TCNetHost, _ webPort: Int) async throws -> T
) async throws -> T {
    var configuration = HostConfiguration(bindAddress: "127.0.0.1", port: 0, hostName: "Web test host")
    configure(&configuration)
    let verbose = ProcessInfo.processInfo.environment["TCNET_TEST_LOG"] != nil
    var logger = Logger(label: "web-test-host") { label -> any LogHandler in
        verbose ? StreamLogHandler.standardError(label: label) : SwiftLogNoOpLogHandler()
    }
    logger.logLevel = verbose ? .trace : .critical
    let host = try await TCNetHost.bind(configuration: configuration, catalog: .classroom, store: nil, logger: logger)
    var webConfiguration = WebConfiguration(bindAddress: "127.0.0.1", port: 0)
    configureWeb(&webConfiguration)
    let web = WebServer(host: host, configuration: webConfiguration, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await host.run() }
        group.addTask { try await web.run() }
        defer {
            host.stop()
            group.cancelAll()
        }
        return try await body(host, try await web.listeningPort())
    }
}

/// A WebSocket connection to the web side, as a program that is not a browser opens it (no Origin).
func webSocket(port: Int, origin: String? = nil) async throws -> Probe {
    try await Probe.connectWebSocket(host: "127.0.0.1", port: port, path: "/ws", origin: origin).get()
}

/// One HTTP/1.1 request on loopback; the status, the headers (lower-case names) and the body.
func httpGet(port: Int, path: String, method: String = "GET") async throws -> (
    status: Int, headers: [String: String], body: [UInt8]
) {
    let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
    var request = URLRequest(url: url)
    request.httpMethod = method
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
        headers[String(describing: key).lowercased()] = String(describing: value)
    }
    return (http.statusCode, headers, [UInt8](data))
}

extension Probe {
    /// Says hello and returns the welcome (fails unless it is one).
    func hello(_ name: String, resume: String? = nil) async throws -> WireMessage {
        let resumeMember = resume.map { #","resume":"\#($0)""# } ?? ""
        await self.send(json: #"{"type":"hello","id":1,"protocol":1,"name":"\#(name)"\#(resumeMember)}"#)
        let answer = await self.read(timeout: .seconds(10))
        guard let welcome = answer.message, welcome.type == "welcome" else {
            throw WebTestFailure(description: "expected welcome, got \(answer)")
        }
        return welcome
    }

    /// Sends a request and returns the message answering it (`re` equal to `id`).
    func request(_ json: String, id: Int) async throws -> WireMessage {
        await self.send(json: json)
        let answer = await self.read(until: { $0.re == .number(Double(id)) }, timeout: .seconds(10))
        guard let message = answer.message else { throw WebTestFailure(description: "no answer to \(json): \(answer)") }
        return message
    }
}

/// A web test's exchange went wrong.
struct WebTestFailure: Error, CustomStringConvertible {
    var description: String
}
