import Peer
import Protocol
import TestSupport
import Testing

/// No frame the host sends is larger than the `maxFrame` it announced (PROTOCOL.md F-11, P-3), over
/// real TCP, with a host configured with a small limit.
@Suite("Host: frames within maxFrame")
struct HostFrameLimitTests {
    /// Small, but it holds the host's own welcome, which lists every game with its options (F-11).
    static let maxFrame = 2000

    @Test("with maxFrame 2000: tables comes in pages within it; a state that outgrows it becomes internal-error")
    func smallFrames() async throws {
        let voice = EspeakVoice.find()
        try #require(voice.speak != nil, "espeak-ng must be installed (.ci/run installs it): \(voice.missing ?? "")")
        try await withHost({
            $0.maxFrame = Self.maxFrame
            $0.voice = voice
        }) { host in
            let lan = try await RawClient.greeted(port: host.port, name: "Lan")
            for id in 1...12 {
                try await lan.send(
                    ClientEnvelope(id: .number(Int64(id)), .createTable(CreateTable(game: "taxcollection"))))
                _ = try await lan.readMessage()
            }
            var listed: [TableID] = []
            var after: String?
            var pages = 0
            repeat {
                try await lan.send(ClientEnvelope(id: .number(100), .tables(TablesRequest(after: after))))
                let payload = try await lan.readFrame()
                #expect(payload.count <= Self.maxFrame)
                guard case .tables(let list) = try WireCodec.decodeHost(payload).get().message else {
                    Issue.record("not tables: \(String(decoding: payload, as: UTF8.self))")
                    return
                }
                listed += list.tables.map(\.id)
                after = list.next
                pages += 1
            } while after != nil && pages < 20
            #expect(pages >= 2)
            #expect(listed == (1...12).map { "t\($0)" })

            // NB: the spelling games' hear and type sends each word's sound in its state, a few kilobytes:
            // at this small limit, the state that asks the first word outgrows it.
            try await lan.send(
                ClientEnvelope(
                    id: .number(200), .createTable(CreateTable(game: "spelling", options: ["mode": .string("hear")]))))
            var created = try await lan.readMessage()
            while created.re != .number(200) { created = try await lan.readMessage() }
            let table = try #require(created.tableInfo, "a table of spelling: \(created)").id
            try await lan.send(ClientEnvelope(id: .number(201), .sit(Sit(table: table))))
            try await lan.send(ClientEnvelope(id: .number(300), .ready(TableRequest(table: table))))
            while true {
                let payload = try await lan.readFrame()
                #expect(payload.count <= Self.maxFrame)
                let envelope = try WireCodec.decodeHost(payload).get()
                if case .state = envelope.message { Issue.record("a state within \(Self.maxFrame) bytes: \(envelope)") }
                guard case .error(let error) = envelope.message else { continue }
                #expect(error.code == .internalError)
                #expect(error.message.contains("exceeds maxFrame"))
                break
            }
        }
    }
}
