import Foundation
import Lobby
import Peer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The teacher's console: `tcnet host` reads commands from its standard input, one a line, and answers
/// on standard output.
///
/// NB: the console is the host's own terminal, so it needs no secret of its own: whoever types there
/// could stop the host anyway. A host without a terminal (a service, `< /dev/null`) reads end of file
/// at once and has no console; one sent to the background stops reading instead of being stopped.
struct TeacherConsole {
    /// The console's commands, as `tcnet host --help` and `help` show them.
    static let help = """
        Teacher's console (type on the host's terminal, then Enter): `seats` lists every table's seats \
        and who is away; `free TABLE SEAT` frees a seat (its player forfeits a match under way); \
        `reseat TABLE SEAT` gives a seat a new seat code, printed here, for a student on another machine \
        (tcnet join HOST --resume CODE): the old code and connection stop holding it.
        """

    let host: TCNetHost

    /// What a line asks for.
    enum Command: Equatable {
        case help
        case request(TeacherRequest)
        case nothing
    }

    /// Reads a line.
    /// - Returns: the command, or why the line is not one.
    static func parse(_ line: String) -> Result<Command, ConsoleError> {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let verb = words.first?.lowercased() else { return .success(.nothing) }
        switch (verb, words.count) {
        case ("help", _), ("?", _): return .success(.help)
        case ("seats", 1), ("tables", 1): return .success(.request(.seats))
        case ("free", 3): return .success(.request(.free(table: words[1], seat: words[2].uppercased())))
        case ("reseat", 3): return .success(.request(.reseat(table: words[1], seat: words[2].uppercased())))
        case ("free", _), ("reseat", _):
            return .failure(ConsoleError("\(verb) takes a table and a seat, like: \(verb) t1 B"))
        default: return .failure(ConsoleError("no command \(verb); type help"))
        }
    }

    /// Starts reading standard input.
    /// - Returns: the task that answers the commands; cancel it when the host stops.
    func start() -> Task<Void, Never> {
        // NB: a read from the terminal by a background process would stop it (SIGTTIN); ignored, the
        // read fails instead and the console ends.
        signal(SIGTTIN, SIG_IGN)
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        // NB: readLine blocks; it gets a thread of its own, not one of the cooperative pool.
        let reader = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        reader.start()
        let host = self.host
        return Task {
            for await line in lines {
                let answer: [String]
                switch Self.parse(line) {
                case .success(.nothing): continue
                case .success(.help): answer = [Self.help]
                case .success(.request(let request)): answer = await host.teacher(request)
                case .failure(let why): answer = [why.description]
                }
                FileHandle.standardOutput.write(Data((answer.joined(separator: "\n") + "\n").utf8))
            }
        }
    }
}

/// A console line that is not a command, and what to type instead.
struct ConsoleError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
