import Foundation
import Play
import TestSupport
import Testing

@Suite("Sounds played with what the machine has: aplay, paplay or ffplay, or a line saying how to get sound")
struct SoundPlayerTests {
    /// A folder holding a fake player of that name, which writes its arguments and a copy of the file.
    static func folder(with program: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-players-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script =
            "#!/bin/sh\necho \"$@\" > \"\(folder)/arguments.tmp\"\nfor last; do :; done\n"
            + "cp \"$last\" \"\(folder)/played.wav\"\nmv \"\(folder)/arguments.tmp\" \"\(folder)/arguments\"\n"
        try script.write(toFile: folder + "/" + program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/" + program)
        return folder
    }

    @Test("without any of them: cannot play, and says which package to install")
    func none() {
        let player = SoundPlayer(environment: ["PATH": "/nonexistent"])
        #expect(!player.canPlay)
        let problem = player.play([0x52, 0x49, 0x46, 0x46])
        #expect(problem == SoundPlayer.missing)
        #expect(problem?.contains("alsa-utils (aplay)") == true && problem?.contains("ffmpeg (ffplay)") == true)
    }

    @Test(
        "the first found on PATH plays the WAV file, quietly; a later one is not used",
        arguments: [
            ("aplay", "-q"), ("paplay", ""), ("ffplay", "-nodisp -autoexit -loglevel quiet"),
        ])
    func found(program: String, options: String) async throws {
        let folder = try Self.folder(with: program)
        let later = try Self.folder(with: "ffplay")
        defer { for path in [folder, later] { try? FileManager.default.removeItem(atPath: path) } }
        let player = SoundPlayer(environment: ["PATH": "/nonexistent:\(folder):\(later)"])
        #expect(player.canPlay)
        let wave = Array("RIFF....WAVEfmt the sound".utf8)
        // NB: a script written a moment ago can be "busy" (ETXTBSY) while a child process another test forks
        // at the same instant still holds the writing descriptor: try again, briefly.
        var problem = player.play(base64: Data(wave).base64EncodedString())
        for _ in 0..<20 where problem?.hasPrefix("Cannot start") == true {
            try await Task.sleep(for: .milliseconds(100))
            problem = player.play(base64: Data(wave).base64EncodedString())
        }
        #expect(problem == nil)
        try await withDeadline(seconds: 20) {
            while !FileManager.default.fileExists(atPath: folder + "/arguments") {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let arguments = try String(contentsOfFile: folder + "/arguments", encoding: .utf8)
        #expect(
            arguments.hasPrefix(options.isEmpty ? "/" : options + " /") && arguments.contains(".wav"), "\(arguments)")
        #expect(FileManager.default.contents(atPath: folder + "/played.wav") == Data(wave))
        #expect(!FileManager.default.fileExists(atPath: later + "/arguments"), "only the first player found")
    }

    @Test("a clip that is not base64 is refused with a line, not played")
    func notBase64() {
        #expect(SoundPlayer(environment: ["PATH": "/nonexistent"]).play(base64: "not base64!") != nil)
    }
}
