import Foundation
import Protocol
import SpellingRules
import TestSupport

/// A student at a real host over TCP, on a plain socket: opens a table of spelling, and answers picks
/// by a script ("r" right, "w" wrong), knowing the right spelling as the only one on the shipped list.
final class Student: Sendable {
    let client: RawClient
    let name: String
    nonisolated(unsafe) var table = ""
    nonisolated(unsafe) var latest: MatchUpdate?
    nonisolated(unsafe) var token: ResumeToken?

    init(port: Int, name: String) async throws {
        self.client = try await RawClient.connect(port: port)
        self.name = name
        let welcome = try await self.client.hello(name: name)
        guard case .welcome(let body) = welcome.message else { throw Failure("no welcome: \(welcome)") }
        self.token = body.resumeToken
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Sends a request and reads until its answer (a message with `re`), keeping the latest state.
    func request(_ message: ClientMessage, id: Int) async throws -> HostEnvelope {
        try await self.client.send(ClientEnvelope(id: .number(Int64(id)), message))
        while true {
            let envelope = try await self.client.readMessage()
            if let state = envelope.state { self.latest = state }
            if envelope.re == .number(Int64(id)) { return envelope }
        }
    }

    /// Reads until a state arrives.
    func nextState() async throws -> MatchUpdate {
        while true {
            let envelope = try await self.client.readMessage()
            if let state = envelope.state {
                self.latest = state
                return state
            }
        }
    }

    /// Opens a table of spelling with these options, sits, readies, and returns the first state.
    func open(_ options: [String: JSONValue]) async throws -> MatchUpdate {
        let created = try await self.request(.createTable(CreateTable(game: "spelling", options: options)), id: 1)
        guard let info = created.tableInfo else { throw Failure("create-table: \(created)") }
        self.table = info.id
        _ = try await self.request(.sit(Sit(table: info.id)), id: 2)
        _ = try await self.request(.ready(TableRequest(table: info.id)), id: 3)
        return self.latest?.seq == 0 ? self.latest! : try await self.nextState()
    }

    /// Plays a pick script; returns the final state.
    /// - Parameters:
    ///   - script: "r" for a right pick, "w" for a wrong one, in order.
    ///   - words: the table's list (a wrong spelling is never one of its words).
    func pick(_ script: String, words: Set<String> = Set(FirstGradeWords.words)) async throws -> MatchUpdate {
        var id = 10
        for step in script {
            guard let state = self.latest else { throw Failure("no state") }
            let viewed = try state.state.decode(as: SpellingState.self)
            let choices = viewed.challenge.choices ?? []
            let index: Int? =
                step == "r"
                ? choices.firstIndex(where: words.contains)
                : choices.indices.first { !words.contains(choices[$0]) && !viewed.marked.contains($0) }
            guard let index else { throw Failure("no \(step) choice in \(choices), marked \(viewed.marked)") }
            id += 1
            let answer = try await self.request(
                .move(
                    MoveRequest(
                        table: self.table, seq: state.seq, move: JSONValue.encoding(SpellingMove.pick(index, nil)))),
                id: id)
            guard answer.state != nil else { throw Failure("move refused: \(answer)") }
        }
        return self.latest!
    }
}
