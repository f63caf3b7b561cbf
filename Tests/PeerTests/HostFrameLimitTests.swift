import Lobby
import Peer
import Protocol
import TaxCollectionRules
import TestSupport
import Testing

/// No frame the host sends is larger than the `maxFrame` it announced (PROTOCOL.md F-11, P-3), over
/// real TCP, with a host configured with a small limit.
@Suite("Host: frames within maxFrame")
struct HostFrameLimitTests {
    static let maxFrame = 900

    @Test("with maxFrame 900: tables comes in pages within it; a state that outgrows it becomes internal-error")
    func smallFrames() async throws {
        // NB: the welcome lists every game the host offers and must fit too: Tax Collection's alone.
        try await withHost(catalog: GameCatalog([TaxCollectionGame.self]), { $0.maxFrame = Self.maxFrame }) { host in
            let lan = try await RawClient.greeted(port: host.port, name: "Lan")
            let minh = try await RawClient.greeted(port: host.port, name: "Minh")
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

            for (client, seat) in [(lan, "A"), (minh, "B")] {
                try await client.send(ClientEnvelope(id: .number(200), .sit(Sit(table: "t1", seat: seat))))
            }
            for client in [lan, minh] {
                try await client.send(ClientEnvelope(id: .number(201), .ready(TableRequest(table: "t1"))))
            }
            while true {
                let payload = try await lan.readFrame()
                #expect(payload.count <= Self.maxFrame)
                if case .state = try WireCodec.decodeHost(payload).get().message { break }
            }
            // NB: a move's state lists its events; Tax Collection's first sowing outgrows 900 bytes.
            try await lan.send(
                ClientEnvelope(
                    id: .number(300),
                    .move(
                        MoveRequest(
                            table: "t1", seq: 0, move: .object(["bank": .number(5), "direction": .string("down")])))))
            while true {
                let payload = try await lan.readFrame()
                #expect(payload.count <= Self.maxFrame)
                let envelope = try WireCodec.decodeHost(payload).get()
                guard envelope.re == .number(300) else { continue }
                guard case .error(let error) = envelope.message else {
                    Issue.record("expected internal-error for a state past maxFrame, got \(envelope)")
                    return
                }
                #expect(error.code == .internalError)
                #expect(error.message.contains("exceeds maxFrame"))
                break
            }
        }
    }
}
