import ArgumentParser
import Foundation
import Peer
import Protocol

extension TCNet {
    /// `tcnet tournament …`: the teacher runs a tournament on a running host, over tcnet/1, with the code
    /// `tcnet host` printed.
    struct Tournament: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a classroom tournament on a running host (round robin, Swiss, or a class challenge).",
            discussion: """
                Each command connects to the host (127.0.0.1:7420 unless --host says otherwise), shows the \
                teacher's code (--code, or TCNET_TEACHER_CODE; tcnet host prints it when it starts), does one \
                thing and prints the result. A typical Swiss tournament: create, register the students by \
                name, start (round 1 is paired and everyone is sent to a table), then watch standings: each \
                round is paired by itself when the last result comes in. docs/TOURNAMENT.md tells the rest.
                """,
            subcommands: [
                TournamentCreate.self, TournamentList.self, TournamentRegister.self, TournamentUnregister.self,
                TournamentStart.self, TournamentPairCommand.self, TournamentResultCommand.self,
                TournamentWithdraw.self, TournamentAbsent.self, TournamentStandings.self, TournamentExportCommand.self,
                TournamentFinish.self,
            ])
    }
}

/// Where the host is, and the teacher's code.
struct TeacherOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The host: HOST, HOST:PORT or [IPv6]:PORT.", valueName: "host[:port]"))
    var host = Endpoint(host: "127.0.0.1", port: HostConfiguration.defaultPort)

    @Option(
        name: .long,
        help: ArgumentHelp("The teacher's code tcnet host printed (or set TCNET_TEACHER_CODE).", valueName: "code"))
    var code: String?

    /// The code given, read leniently.
    var teacherCode: TeacherCode? {
        let typed = self.code ?? ProcessInfo.processInfo.environment["TCNET_TEACHER_CODE"]
        return typed.flatMap { TeacherCode(rawValue: $0).canonical }
    }

    func validate() throws {
        guard self.teacherCode != nil else {
            throw ValidationError(
                "--code takes the teacher's code tcnet host printed, ten letters and digits like K7QM4-XRT2B "
                    + "(or set TCNET_TEACHER_CODE)")
        }
    }

    /// Connects, becomes the teacher, sends one request and returns the host's answer to it.
    func request(_ message: ClientMessage) async throws -> HostMessage {
        guard let code = self.teacherCode else { throw CommandFailure("no teacher code") }
        let hello = Hello(
            name: "teacher \(ProcessInfo.processInfo.processIdentifier % 10_000)",
            client: "tcnet/\(TCNetVersion.string)")
        let answer: HostEnvelope
        do {
            answer = try await ClientConnection.withConnection(host: self.host.host, port: self.host.port, hello: hello)
            {
                connection in
                let role = try await connection.request(.teacher(TeacherHello(code: code)))
                if case .error(let error) = role.message { return HostEnvelope(.error(error)) }
                return try await connection.request(message)
            }
        } catch let failure as ClientConnection.Failure {
            if case .refused(let error) = failure { throw CommandFailure("the host refused: \(error.message)") }
            throw CommandFailure("\(failure)", status: .unreachable)
        } catch {
            throw CommandFailure(
                "cannot reach \(self.host): \(SessionEnd.plain(error, host: self.host.host, port: self.host.port)); "
                    + "check the address, and that tcnet host runs there", status: .unreachable)
        }
        if case .error(let error) = answer.message { throw CommandFailure(Self.words(error)) }
        return answer.message
    }

    /// A refusal, with what to do.
    static func words(_ error: ErrorMessage) -> String {
        switch error.code {
        case .badTeacherCode: "\(error.message); check --code"
        default: error.message
        }
    }

    /// Runs a request whose answer is a tournament, and prints it.
    func run(_ message: ClientMessage, standings: Bool = false) async throws {
        let answer = try await self.request(message)
        guard case .tournament(let update) = answer else { throw CommandFailure("the host answered \(answer.type)") }
        print(TournamentText.describe(update.tournament, standings: standings))
    }
}
