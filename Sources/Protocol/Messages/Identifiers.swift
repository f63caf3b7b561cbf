/// A player's public id, assigned by the host in `welcome` and shown to other players.
public struct PlayerID: WireString, CustomStringConvertible {
    public let rawValue: String

    /// Creates an id from its wire form.
    /// - Parameter rawValue: the id as the host assigned it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { self.rawValue }
}

/// The secret a player presents to take back their seat after a dropped connection.
///
/// NB: it is a bearer credential; it never appears in logs or in messages to other players.
public struct ResumeToken: WireString, CustomStringConvertible {
    public let rawValue: String

    /// Creates a token from its wire form.
    /// - Parameter rawValue: 64 lower-case hexadecimal characters.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { "ResumeToken(redacted)" }
}
