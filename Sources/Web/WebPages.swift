import Foundation

/// The web client's files, compiled into the executable from `Sources/Web/Pages` (see the
/// EmbedPages plugin), with the content type each is served with.
public enum WebPages {
    /// A file and its content type.
    public struct File: Sendable {
        /// The bytes.
        public let bytes: [UInt8]
        /// The `Content-Type` to serve it with.
        public let contentType: String
    }

    /// Every file, by its path under `Pages` ("index.html", "games/taxcollection.js").
    public static let files: [String: File] = EmbeddedPages.files.reduce(into: [:]) { files, entry in
        let bytes = Data(base64Encoded: entry.value).map { [UInt8]($0) } ?? []
        files[entry.key] = File(bytes: bytes, contentType: WebPages.contentType(of: entry.key))
    }

    /// The content type of a path, by its extension; `nil` for one the client does not use.
    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last ?? "" {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
