import Protocol

/// How the host speaks the words a game asks it to (``GameKit/Game/speech(in:for:)``), or why it cannot.
public struct Voice: Sendable {
    /// Speaks a text into a clip; `nil` when it fails this time.
    public let speak: (@Sendable (String) -> SoundClip?)?
    /// Why the host cannot speak, when it cannot (how to fix it, for the teacher).
    public let missing: String?
    /// The most bytes a clip's `data` takes (base64), so the lobby knows whether a `state` with a sound
    /// fits the host's `maxFrame`.
    public let largestClip: Int

    /// A voice.
    /// - Parameters:
    ///   - largestClip: the most bytes a clip's `data` takes, in base64.
    ///   - speak: speaks a text; called by the lobby for each `state` that carries a sound, so it should keep
    ///     what it made.
    public init(largestClip: Int, speak: @escaping @Sendable (String) -> SoundClip?) {
        self.speak = speak
        self.missing = nil
        self.largestClip = largestClip
    }

    private init(missing: String) {
        self.speak = nil
        self.missing = missing
        self.largestClip = 0
    }

    /// The smallest `maxFrame` in which every `state` with a sound fits: the clip and room for the rest.
    public var framesNeeded: Int { self.largestClip + 8_192 }

    /// No voice, and why.
    public static func none(_ why: String) -> Voice { Voice(missing: why) }
}
