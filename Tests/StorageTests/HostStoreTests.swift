import Foundation
import GRDB
import Lobby
import TestScheduling
import Testing

@testable import Storage

@Suite("Host store on a real SQLite file", .offThePool)
struct HostStoreTests {
    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-store-\(UUID().uuidString)").path
    }

    @Test("the store creates its folder and file, uses WAL, and keeps the host id across reopenings")
    func identitySurvivesReopen() throws {
        let folder = self.temporaryFolder() + "/nested/data"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try HostStore(folder: folder, newHostID: { "host-one" })
        #expect(FileManager.default.fileExists(atPath: folder + "/tcnet.sqlite"))
        #expect(try first.journalMode() == "wal")
        #expect(try first.identity().id == "host-one")

        let second = try HostStore(folder: folder, newHostID: { "host-two" })
        #expect(try second.identity().id == "host-one")
    }

    @Test("a data folder that cannot be created is a clear error")
    func unusableFolder() throws {
        let file = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            _ = try HostStore(folder: file + "/data", newHostID: { "x" })
        } throws: { error in
            "\(error)".hasPrefix("cannot use the data folder \(file)/data")
        }
    }

    @Test("a file that is not a database is a clear error, and is left as it was")
    func notADatabase() throws {
        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x41, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: folder + "/tcnet.sqlite"))
        #expect(throws: HostStoreError.self) { _ = try HostStore(folder: folder, newHostID: { "x" }) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/tcnet.sqlite")) == garbage)
    }

    @Test("the write-ahead log's limit grows with the file system, and the disk's reserve leaves room for it")
    func walLimit() throws {
        let mib: Int64 = 1 << 20
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 2 * mib)) == 512 << 10)
        #expect(HostStore.walLimit(for: nil) == 512 << 10)
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 64 * mib)) == 2 * mib)
        #expect(HostStore.walLimit(for: DiskSpace(free: mib, total: 1 << 40)) == 4 * mib)
        let small = DiskReserve(folder: "/tmp", space: DiskSpace(free: mib, total: 2 * mib))
        #expect(small.needed == small.size + 512 << 10)

        let folder = self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HostStore(folder: folder, newHostID: { "x" })
        let expected = HostStore.walLimit(for: DiskSpace.of(folder))
        let pages = try store.pool.write { try Int64.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") }
        let limit = try store.pool.write { try Int64.fetchOne($0, sql: "PRAGMA journal_size_limit") }
        #expect(pages == expected / 4096)
        #expect(limit == expected)
    }
}
