import Dispatch
import Foundation
import Protocol

#if canImport(Glibc)
    import Glibc
#endif

/// `tcnet conformance client`: the suite is the host; the client under test connects to it.
///
/// One connection runs one script: the handshake with a welcome split byte by byte and carrying
/// unknown members, an unknown message type and two frames in one write, `tables` in two pages (the
/// free table t1 on the second), then a match of a game at table t1 (the suite plays the other seats;
/// the game's ``GameFixture`` scripts it), with one lie on the way to see the client ask for `sync`.
/// A client that does not sit down by itself is shown a match it watches, for the desync case.
public enum ClientSuite {
    /// The cases of every game, as data; the script gives each its verdict.
    public static let commonCases: [CaseInfo] = [
        info("client.hello", "the first message is hello with protocol 1 and a string name", ["H-1", "F-2", "F-3"]),
        info("client.hello-names-software", "hello carries client, naming the software", ["H-1"], [.nonStrict]),
        info(
            "client.frames-valid",
            "every frame the client sends is 1..maxFrame bytes of one UTF-8 JSON object with a type",
            ["F-3", "F-4", "M-1"]),
        info(
            "client.split-welcome", "a welcome split into one segment per byte, with unknown members, is read",
            ["F-8", "M-5"]),
        info(
            "client.unknown-message", "an unknown message type and two frames in one write are taken in stride",
            ["F-8", "M-5", "V-2", "E-3"]),
        info(
            "client.follows-next", "given a page of tables with next, the client asks for the next page, after = next",
            ["P-3"], [.nonStrict, .unimplemented]),
        info(
            "client.sits-and-readies", "the client finds or opens a table, sits and says ready", ["T-1", "T-4", "T-5"],
            [.unimplemented]),
        info(
            "client.moves", "each move names the table and the current seq, in turn, legal by the rules",
            ["G-3", "G-4"], [.unimplemented]),
        info("client.desync-sync", "after a state whose hash lies, the client sends sync", ["G-11"], [.nonStrict]),
        info("client.full-match", "the client plays the match to its end", ["G-5", "G-6"], [.unimplemented]),
    ]

    /// The cases of a run with one game's match.
    public static func cases(_ fixture: GameFixture) -> [CaseInfo] {
        self.commonCases + fixture.clientCases
    }

    /// A case of the client suite.
    public static func info(
        _ id: String, _ summary: String, _ statements: [String], _ accepts: [Outcome] = []
    ) -> CaseInfo {
        CaseInfo(id: id, summary: summary, statements: statements, accepts: [.ok] + accepts, slow: false)
    }

    /// A listening socket on loopback (or the given address).
    public final class Listener: @unchecked Sendable {
        public let port: Int
        let fd: Int32

        /// Listens on `address:port` (port 0: a free one).
        public init(address: String = "127.0.0.1", port: Int) throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var address4 = sockaddr_in()
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = in_port_t(UInt16(port).bigEndian)
            address4.sin_addr.s_addr = inet_addr(address)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    Glibc.bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            guard fd >= 0, bound else {
                throw ProbeError(
                    description: "cannot listen on \(address):\(port): \(String(cString: strerror(errno)))")
            }
            self.fd = fd
            self.port = Int(UInt16(bigEndian: address4.sin_port))
        }

        deinit { Glibc.close(self.fd) }

        /// Waits for one client.
        func accept(timeout: Duration) async -> Probe? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    var poller = pollfd(fd: self.fd, events: Int16(POLLIN), revents: 0)
                    let milliseconds = Int32(timeout.components.seconds * 1000)
                    guard poll(&poller, 1, milliseconds) > 0 else { return continuation.resume(returning: nil) }
                    let client = Glibc.accept(self.fd, nil, nil)
                    // NB: not inherited by child processes, which would hold the connection open after we close it.
                    if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
                    continuation.resume(returning: client >= 0 ? Probe.accepted(fd: client) : nil)
                }
            }
        }
    }

    /// Runs the script on the first client that connects.
    /// - Parameters:
    ///   - listener: where the client connects.
    ///   - fixture: the game whose match the script plays with the client.
    ///   - connectTimeout: how long to wait for it.
    ///   - progress: told each case's result as the script reaches it.
    /// - Returns: one result per case.
    public static func run(
        listener: Listener, fixture: GameFixture, connectTimeout: Duration = .seconds(60),
        progress: @Sendable (CaseResult) -> Void = { _ in }
    ) async -> [CaseResult] {
        var verdicts: [String: Verdict] = [:]
        let started = ContinuousClock.now
        if let probe = await listener.accept(timeout: connectTimeout) {
            let conversation = ClientConversation(probe: probe, fixture: fixture)
            await conversation.run()
            verdicts = conversation.verdicts
            probe.drop()
        } else {
            verdicts["client.hello"] = .failed(expected: "a client to connect", seen: "none within \(connectTimeout)")
        }
        let elapsed = started.duration(to: .now)
        let seconds = elapsed.inSeconds
        let cases = self.cases(fixture)
        return cases.map { info in
            let verdict =
                verdicts[info.id] ?? .failed(expected: "the script to reach this case", seen: "it stopped earlier")
            let result = CaseResult(info: info, verdict: verdict, seconds: seconds / Double(cases.count))
            progress(result)
            return result
        }
    }
}
