#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, which caps how many connections a host can serve.
///
/// NB: a host that runs out of descriptors cannot accept a connection even to refuse it: the client
/// completes TCP and then hears nothing. So the host keeps its connection limit below the descriptor
/// limit, with room for its own files (the database, its logs, the web side's listeners).
public enum DescriptorLimit {
    /// Descriptors kept for the host's own files, never given to connections.
    public static let reserve = 64

    /// The soft limit on open files now.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard limit, as far as the system lets it.
    /// - Returns: the soft limit afterwards.
    @discardableResult
    public static func raiseToHard() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Self.current }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Self.current
    }

    /// The most connections a host can serve with this limit on open files.
    /// - Parameters:
    ///   - wanted: the connections the host is configured for.
    ///   - descriptors: the limit on open files.
    public static func connections(wanted: Int, descriptors: Int = Self.current) -> Int {
        max(1, min(wanted, descriptors - Self.reserve))
    }
}
