import Foundation
import HTTPTypes
import Hummingbird
import QRCode

/// Answers the web side's HTTP requests: the client's pages, `/info.json` (what the projector
/// shows) and `/qr.svg` (the address as a QR code). The WebSocket at `/ws` is the upgrade's, not this.
struct PageResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// What `/info.json` says: the host's name, the addresses to type, the TCP port for terminals.
    struct Info: Encodable, Sendable {
        var host: String
        var urls: [String]
        var tcpPort: Int
    }

    let info: @Sendable () -> Info

    /// NB: pages name their scripts and styles by path, and nothing else runs: no inline script, no
    /// other origin. A name a student typed can then never become code, even if escaping were missed.
    /// Sounds play from `blob:` URLs the page makes of the host's clips (the spelling games' words).
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; "
            + "frame-ancestors 'none'; "
            + "base-uri 'none'; form-action 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-cache",
    ]

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "Only GET and HEAD are served here.")
        }
        let path = request.uri.path
        switch path {
        case "/":
            return Self.file("index.html")
        case "/projector":
            return Self.file("projector.html")
        case "/info.json":
            let data = (try? JSONEncoder().encode(self.info())) ?? Data("{}".utf8)
            return Self.response(.ok, [UInt8](data), contentType: "application/json")
        case "/qr.svg":
            let info = self.info()
            guard let url = info.urls.first, let code = try? QRCode(url, correction: .medium) else {
                return Self.plain(.notFound, "This host has no address to show as a QR code.")
            }
            return Self.response(.ok, Array(code.svg(label: "QR code for \(url)").utf8), contentType: "image/svg+xml")
        case "/ws":
            return Self.plain(.upgradeRequired, "This address is the tcnet WebSocket: open / in a browser to play.")
        default:
            let relative = String(path.dropFirst())
            guard !relative.contains(".."), WebPages.files[relative] != nil else {
                return Self.plain(.notFound, "No page here. Open / to play, or /projector for the class's screen.")
            }
            return Self.file(relative)
        }
    }

    static func file(_ path: String) -> Response {
        guard let file = WebPages.files[path] else { return self.plain(.notFound, "missing page \(path)") }
        return self.response(.ok, file.bytes, contentType: file.contentType)
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        self.response(status, Array((text + "\n").utf8), contentType: "text/plain; charset=utf-8")
    }

    static func response(_ status: HTTPResponse.Status, _ bytes: [UInt8], contentType: String) -> Response {
        var headers = self.securityHeaders
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
