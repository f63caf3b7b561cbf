import Foundation
import Testing

@testable import Web

/// The pages as the web side serves them: every file of Sources/Web/Pages, with its type and the
/// security headers; nothing else.
@Suite("Web: pages")
struct WebPagesTests {
    static let pagesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Web/Pages")

    static func filesOnDisk() -> [String: Data] {
        var files: [String: Data] = [:]
        let base = Self.pagesFolder.standardizedFileURL.path
        for case let url as URL in FileManager.default.enumerator(at: Self.pagesFolder, includingPropertiesForKeys: nil)
            ?? .init()
        {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try? Data(contentsOf: url)
        }
        return files
    }

    @Test("every file of the Pages folder is compiled in, byte for byte")
    func embedded() {
        let disk = Self.filesOnDisk()
        #expect(Set(disk.keys) == Set(WebPages.files.keys))
        #expect(disk.keys.contains("games/taxcollection.js") && disk.keys.contains("index.html"))
        for (path, data) in disk {
            #expect(WebPages.files[path]?.bytes == [UInt8](data), "\(path)")
        }
    }

    @Test("the client never turns strings into HTML: no innerHTML, outerHTML, insertAdjacentHTML or document.write")
    func noHTMLFromStrings() {
        for (path, file) in WebPages.files where path.hasSuffix(".js") || path.hasSuffix(".html") {
            // NB: comments may name the sinks (to say they are not used); code may not.
            let text = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return !trimmed.hasPrefix("//") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("/*")
            }.joined(separator: "\n")
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
                #expect(!text.contains(sink), "\(path) uses \(sink)")
            }
            #expect(!text.contains("<script>"), "\(path) has an inline script (the page's policy forbids them)")
        }
    }

    @Test("served with their types, the security headers, 404 for the rest, 405 for other methods")
    func served() async throws {
        try await withWebHost { host, port in
            let index = try await httpGet(port: port, path: "/")
            #expect(index.status == 200 && index.headers["content-type"] == "text/html; charset=utf-8")
            #expect(index.body == WebPages.files["index.html"]?.bytes)
            #expect(index.headers["content-security-policy"]?.contains("default-src 'self'") == true)
            #expect(index.headers["content-security-policy"]?.contains("media-src 'self' blob:;") == true)
            #expect(index.headers["x-content-type-options"] == "nosniff")
            let projector = try await httpGet(port: port, path: "/projector")
            #expect(projector.body == WebPages.files["projector.html"]?.bytes)
            let game = try await httpGet(port: port, path: "/games/taxcollection.js")
            #expect(game.status == 200 && game.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(
                try await httpGet(port: port, path: "/style.css").headers["content-type"] == "text/css; charset=utf-8")
            #expect(try await httpGet(port: port, path: "/nothing.js").status == 404)
            #expect(try await httpGet(port: port, path: "/", method: "POST").status == 405)
            #expect(try await httpGet(port: port, path: "/ws").status == 426)
        }
    }

    @Test("info.json names the host, its addresses and its TCP port; qr.svg draws the first address")
    func info() async throws {
        try await withWebHost { host, port in
            let info = try await httpGet(port: port, path: "/info.json")
            let json = try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any]
            #expect(json?["host"] as? String == "Web test host")
            #expect(json?["urls"] as? [String] == ["http://127.0.0.1:\(port)/"])
            #expect(json?["tcpPort"] as? Int == host.port)
            let qr = try await httpGet(port: port, path: "/qr.svg")
            #expect(qr.headers["content-type"] == "image/svg+xml")
            #expect(
                String(decoding: qr.body, as: UTF8.self).contains(
                    "aria-label=\"QR code for http://127.0.0.1:\(port)/\""))
        }
    }

    @Test("the Origin check: none, or the host's own page; nothing else")
    func originCheck() {
        #expect(OriginCheck.allows(origin: nil, host: "10.0.0.2:7480"))
        #expect(OriginCheck.allows(origin: "http://10.0.0.2:7480", host: "10.0.0.2:7480"))
        #expect(OriginCheck.allows(origin: "http://Room12.local:7480", host: "room12.local:7480"))
        #expect(!OriginCheck.allows(origin: "http://evil.example", host: "10.0.0.2:7480"))
        #expect(!OriginCheck.allows(origin: "http://10.0.0.2:7481", host: "10.0.0.2:7480"))
        #expect(!OriginCheck.allows(origin: "https://10.0.0.2:7480", host: "10.0.0.2:7480"))
        #expect(!OriginCheck.allows(origin: "null", host: "10.0.0.2:7480"))
        #expect(!OriginCheck.allows(origin: "http://10.0.0.2:7480", host: nil))
    }
}
