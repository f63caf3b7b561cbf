import Foundation

/// Plays the host's sounds on this machine with what it has: `aplay`, `paplay` or `ffplay`, found at run
/// time (or the program `TCNET_SOUND_PLAYER` names, which gets the WAV file's path as its argument).
public struct SoundPlayer: Sendable {
    /// The programs tried, in order, with their arguments before the file.
    static let candidates: [(program: String, arguments: [String])] = [
        ("aplay", ["-q"]), ("paplay", []), ("ffplay", ["-nodisp", "-autoexit", "-loglevel", "quiet"]),
    ]

    /// How to get sound, for a machine with none of the players.
    public static let missing =
        "No sound player here: install alsa-utils (aplay), pulseaudio-utils (paplay) or ffmpeg (ffplay)"

    private let program: String?
    private let arguments: [String]

    /// The player this machine has.
    /// - Parameter environment: where `PATH` and `TCNET_SOUND_PLAYER` come from.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let chosen = environment["TCNET_SOUND_PLAYER"], !chosen.isEmpty {
            self.program = chosen
            self.arguments = []
            return
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for candidate in Self.candidates {
            if let path = folders.map({ $0 + "/" + candidate.program }).first(
                where: FileManager.default.isExecutableFile)
            {
                self.program = path
                self.arguments = candidate.arguments
                return
            }
        }
        self.program = nil
        self.arguments = []
    }

    /// Whether this machine can play sounds.
    public var canPlay: Bool { self.program != nil }

    /// Plays a WAV file's bytes without waiting for the end.
    /// - Parameter wave: the file.
    /// - Returns: `nil` when it started, else why not (for the screen).
    public func play(_ wave: [UInt8]) -> String? {
        guard let program else { return Self.missing }
        let path =
            NSTemporaryDirectory()
            + "tcnet-sound-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).wav"
        guard FileManager.default.createFile(atPath: path, contents: Data(wave)) else {
            return "Cannot write the sound to \(path)"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = self.arguments + [path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { _ in try? FileManager.default.removeItem(atPath: path) }
        do {
            try process.run()
        } catch {
            return "Cannot start \(program): \(error.localizedDescription)"
        }
        return nil
    }

    /// Plays a clip from the host (base64 WAV).
    public func play(base64 data: String) -> String? {
        guard let bytes = Data(base64Encoded: data) else { return "The host's sound is not base64" }
        return self.play(Array(bytes))
    }
}
