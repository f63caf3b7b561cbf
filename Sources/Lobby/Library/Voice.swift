import Protocol

/// How the host speaks the words a game asks it to (``GameKit/Game/speech(in:for:)``), or why it cannot.
public struct Voice: Sendable {
    /// Speaks a text into a clip; `nil` when it fails this time.
    public let speak: (@Sendable (String) -> SoundClip?)?
    /// Why the host cannot speak, when it cannot (how to fix it, for the teacher).
    public let missing: String?

    /// A voice.
    /// - Parameter speak: speaks a text; called by the lobby for each `state` that carries a sound, so it
    ///   should keep what it made.
    public init(speak: @escaping @Sendable (String) -> SoundClip?) {
        self.speak = speak
        self.missing = nil
    }

    private init(missing: String) {
        self.speak = nil
        self.missing = missing
    }

    /// No voice, and why.
    public static func none(_ why: String) -> Voice { Voice(missing: why) }
}
