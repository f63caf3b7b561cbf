import Foundation
import Play
import Protocol
import Testing

@Suite("ResumeStore: tokens kept between runs")
struct ResumeStoreTests {
    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-state-\(UUID())").path + "/tcnet"
    }

    /// Removes the test's folder with the `tcnet-state-` folder it is in.
    static func remove(_ store: ResumeStore) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: store.folder).deletingLastPathComponent())
    }

    @Test("a token kept for a host and name comes back for the same host and name in any case, and for no other")
    func keepAndFind() throws {
        let store = ResumeStore(folder: Self.folder())
        defer { Self.remove(store) }
        let token = ResumeToken(rawValue: String(repeating: "5a", count: 32))
        try store.save(token, host: "192.168.1.20", port: 7420, name: "Lan")
        #expect(store.token(host: "192.168.1.20", port: 7420, name: "LAN") == token)
        #expect(store.token(host: "192.168.1.20", port: 7421, name: "Lan") == nil)
        #expect(store.token(host: "192.168.1.21", port: 7420, name: "Lan") == nil)
        #expect(store.token(host: "192.168.1.20", port: 7420, name: "Minh") == nil)
        let newer = ResumeToken(rawValue: String(repeating: "6b", count: 32))
        try store.save(newer, host: "192.168.1.20", port: 7420, name: "Lan")
        #expect(store.token(host: "192.168.1.20", port: 7420, name: "Lan") == newer)
        store.remove(host: "192.168.1.20", port: 7420, name: "Lan")
        #expect(store.token(host: "192.168.1.20", port: 7420, name: "Lan") == nil)
    }

    @Test(
        "the file is its owner's only (0600, in a 0700 folder), even with a permissive umask, and holds the token alone"
    )
    func private_() throws {
        let store = ResumeStore(folder: Self.folder())
        defer { Self.remove(store) }
        let previous = umask(0)
        defer { umask(previous) }
        try store.save(ResumeToken(rawValue: "abc"), host: "::1", port: 7420, name: "Lan")
        let files = try FileManager.default.contentsOfDirectory(atPath: store.folder)
        #expect(files.count == 1)
        let path = store.folder + "/" + files[0]
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: store.folder)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abc\n")
        #expect(!files[0].contains("Lan") && !files[0].contains(":"))
    }

    @Test("XDG_STATE_HOME, else ~/.local/state")
    func folders() {
        #expect(ResumeStore.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/tcnet")
        #expect(
            ResumeStore.defaultFolder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/tcnet")
        #expect(ResumeStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/.local/state/tcnet")
    }

    @Test("a folder that cannot be made: an error that names it, not a crash")
    func unwritable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-file-\(UUID())").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let store = ResumeStore(folder: file + "/tcnet")
        #expect(throws: ResumeStoreError.self) {
            try store.save(ResumeToken(rawValue: "abc"), host: "h", port: 1, name: "Lan")
        }
    }
}
