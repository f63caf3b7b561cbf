import NIOCore
import NIOPosix
import Protocol

extension NetLoad {
    /// Why a host could not be played against.
    public struct ProbeFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Connects and says `hello` once, so that a wrong address fails before any load starts.
    /// - Parameters:
    ///   - target: the host.
    ///   - name: the player name to greet with.
    ///   - timeout: how long to wait for `welcome`.
    ///   - group: the event loops to connect on.
    /// - Throws: ``ProbeFailure`` with one line saying why.
    public static func probe(
        _ target: LoadTarget, name: String, timeout: Duration = .seconds(10),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws {
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    let hello = Hello(name: name, client: "tcnet-bench")
                    try await ClientConnection.withConnection(
                        host: target.host, port: target.port, hello: hello, group: group
                    ) { _ in }
                }
                tasks.addTask {
                    try await Task.sleep(for: timeout)
                    throw ProbeFailure(description: "no welcome within \(timeout)")
                }
                try await tasks.next()
                tasks.cancelAll()
            }
        } catch let error as NIOConnectionError {
            // NB: NIO's own description lists every address tried; the first reason reads better.
            throw ProbeFailure(description: error.connectionErrors.first.map { "\($0.error)" } ?? "\(error)")
        } catch let error as ProbeFailure {
            throw error
        } catch {
            throw ProbeFailure(description: "\(error)")
        }
    }
}
