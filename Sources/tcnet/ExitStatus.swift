/// How `tcnet` ends: the statuses `tcnet --help` and the README list.
enum ExitStatus: Int32, CaseIterable {
    /// Done as asked (the player quit, the host was stopped with Ctrl-C).
    case success = 0
    /// Failed; one line on standard error says what was wrong and what to do.
    case failure = 1
    /// The host could not be reached, or was lost and did not come back.
    case unreachable = 2
    /// The command line is wrong (swift-argument-parser's status for a usage error).
    case usage = 64

    /// The paragraph of `tcnet --help` about exit statuses.
    static let help = """
        Exit status: 0 done; 1 failed, with one line on standard error that says what was wrong and what \
        to do (a name taken or held, a wrong seat code, no such table, a port in use); 2 the host could not \
        be reached, or was lost and did not come back; 64 the command line is wrong. `tcnet rules replay` \
        and `tcnet conformance` say what their own statuses mean in their help.
        """
}

/// A failure of a command, printed as one line (`Error: ...`) before it exits with ``status``.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus

    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }
}
