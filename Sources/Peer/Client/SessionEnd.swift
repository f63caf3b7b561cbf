import NIOCore
import NIOPosix
import Protocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``ClientSession`` ended, for a program to say in one line and pick its exit status by.
public enum SessionEnd: Sendable, Equatable, CustomStringConvertible {
    /// ``ClientSession/close()`` ended it.
    case closed
    /// The host refused the greeting, or ended the session with a fatal error (`session-replaced`).
    case refused(ErrorMessage)
    /// The host could not be reached at all; why, in words.
    case unreachable(String)
    /// The connection was lost and did not come back; why, in words.
    case lost(String)

    public var description: String {
        switch self {
        case .closed: "closed"
        case .refused(let error): "\(error.message) (\(error.code))"
        case .unreachable(let why), .lost(let why): why
        }
    }

    /// A connection failure in plain words: what happened, not the library's type names.
    /// - Parameters:
    ///   - error: what connecting or reading threw.
    ///   - host: the address the client tried.
    ///   - port: the port it tried.
    /// - Returns: a phrase such as "nothing answers on port 7420 there (connection refused)".
    public static func plain(_ error: any Error, host: String, port: Int) -> String {
        if let failure = error as? ClientConnection.Failure { return failure.description }
        if case ChannelError.connectTimeout = error { return "no answer from \(host) (timed out)" }
        if let io = error as? IOError { return Self.words(errno: io.errnoCode, port: port) }
        guard let connection = error as? NIOConnectionError else { return "\(error)" }
        let codes = connection.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        if let code = codes.first(where: { $0 == ECONNREFUSED }) ?? codes.first {
            return Self.words(errno: code, port: port)
        }
        if connection.connectionErrors.contains(where: {
            if case ChannelError.connectTimeout = $0.error { true } else { false }
        }) {
            return "no answer from \(host) (timed out)"
        }
        if connection.connectionErrors.isEmpty { return "cannot find the address \(host)" }
        return "the connection failed"
    }

    private static func words(errno code: Int32, port: Int) -> String {
        switch code {
        case ECONNREFUSED: "nothing answers on port \(port) there (connection refused)"
        case EHOSTUNREACH, ENETUNREACH: "no route to that address (is the machine on this network?)"
        case ETIMEDOUT: "no answer (timed out)"
        case ECONNRESET: "the connection was reset"
        default: String(cString: strerror(code))
        }
    }
}
