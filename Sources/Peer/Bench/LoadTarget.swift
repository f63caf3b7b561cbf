/// A host to load, as given on the command line: `HOST:PORT`.
public struct LoadTarget: Sendable, Equatable, CustomStringConvertible {
    /// The host's address or name.
    public var host: String
    /// The host's TCP port, 1 to 65535.
    public var port: Int

    /// Creates a target.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`, e.g. `127.0.0.1:7420`; an IPv6 address goes in brackets, `[::1]:7420`.
    /// - Parameter text: what was typed.
    /// - Returns: the target, or `nil` when the text is not of that shape.
    public static func parse(_ text: String) -> LoadTarget? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = Substring(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = host.dropFirst().dropLast()
        } else if host.contains(":") {
            return nil
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { return nil }
        return LoadTarget(host: String(host), port: port)
    }

    public var description: String {
        self.host.contains(":") ? "[\(self.host)]:\(self.port)" : "\(self.host):\(self.port)"
    }
}
