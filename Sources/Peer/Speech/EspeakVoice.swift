import Foundation
import Lobby
import Protocol
import Synchronization

/// The host's voice: Debian's espeak-ng, found at run time like Avahi. Each word is spoken once, made
/// compact (``CompactWave``) and kept for the host's lifetime.
public final class EspeakVoice: Sendable {
    /// The program's name.
    public static let program = "espeak-ng"

    private let executable: String
    private let clips = Mutex<[String: SoundClip]>([:])

    private init(executable: String) {
        self.executable = executable
    }

    /// The host's voice: espeak-ng if this machine has it, else none and why.
    /// - Parameter path: where to look (`PATH` by default).
    public static func find(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Voice {
        let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let found = folders.map({ $0 + "/" + Self.program }).first(where: FileManager.default.isExecutableFile)
        else {
            return .none("espeak-ng is not installed on the host (Debian: sudo apt-get install espeak-ng)")
        }
        let voice = EspeakVoice(executable: found)
        return Voice { voice.clip(of: $0) }
    }

    /// The clip of a text, spoken now or kept from before.
    public func clip(of text: String) -> SoundClip? {
        if let kept = self.clips.withLock({ $0[text] }) { return kept }
        guard let wave = self.speak(text), let compact = CompactWave.compact(wave) else { return nil }
        let clip = SoundClip(format: "wav", data: Data(compact).base64EncodedString())
        self.clips.withLock { $0[text] = clip }
        return clip
    }

    /// espeak-ng's WAV file of a text: American English, slowly, for first graders.
    private func speak(_ text: String) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: self.executable)
        // NB: "--" so that a text is never read as an option.
        process.arguments = ["-v", "en-us", "-s", "120", "--stdout", "--", text]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(bytes) : nil
    }
}
