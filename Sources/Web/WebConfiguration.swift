import NIOCore

/// Where the host's web side listens and what it tells people.
public struct WebConfiguration: Sendable {
    /// The standard web port.
    public static let defaultPort = 7480

    /// The address to listen on; "0.0.0.0" for every IPv4 interface.
    public var bindAddress: String
    /// The HTTP port; 0 picks a free one (tests).
    public var port: Int
    /// The addresses students type, shown on the projector and in the QR code, in order of preference
    /// (e.g. `http://192.168.1.20:7480/`); empty: worked out from the machine's interfaces.
    public var advertisedURLs: [String]
    /// How long a connection may stay without sending a request before it is closed (``FirstRequestGuard``);
    /// once served, an HTTP connection quiet for 60 s is closed.
    public var firstRequestTimeout: TimeAmount

    /// Creates a configuration.
    public init(
        bindAddress: String = "0.0.0.0", port: Int = WebConfiguration.defaultPort, advertisedURLs: [String] = [],
        firstRequestTimeout: TimeAmount = .seconds(20)
    ) {
        self.firstRequestTimeout = firstRequestTimeout
        self.bindAddress = bindAddress
        self.port = port
        self.advertisedURLs = advertisedURLs
    }
}
