/// A sound the host sends with a `state` (member `sound`): a word the game speaks and never shows as text.
public struct SoundClip: Codable, Sendable, Equatable {
    /// The audio's format: "wav" (RIFF WAVE, G.711 µ-law, mono, 11025 Hz: about 11 kB a second).
    public var format: String
    /// The audio file's bytes, in base64 (RFC 4648, with padding).
    public var data: String

    /// Creates a clip.
    public init(format: String, data: String) {
        self.format = format
        self.data = data
    }
}
