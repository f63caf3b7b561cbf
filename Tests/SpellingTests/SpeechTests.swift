import Foundation
import Lobby
import Peer
import Testing

@Suite("The host's voice: espeak-ng's words, made compact, are real speech")
struct SpeechTests {
    /// Duration and RMS amplitude of a WAV file, as sox measures them.
    static func measure(_ wave: [UInt8]) throws -> (seconds: Double, rms: Double) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-speech-\(UUID()).wav").path
        try Data(wave).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sox", path, "-n", "stat"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func value(_ label: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(label) }
                .flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        }
        guard process.terminationStatus == 0, let seconds = value("Length (seconds)"),
            let rms = value("RMS     amplitude")
        else { throw SoxFailure(output: text) }
        return (seconds, rms)
    }

    struct SoxFailure: Error { let output: String }

    /// What a spoken word must be: between a third of a second and the cap, and loud enough to be heard.
    static func isSpeech(_ wave: [UInt8]) throws -> Bool {
        let (seconds, rms) = try Self.measure(wave)
        return (0.3...CompactWave.maxSeconds + 0.01).contains(seconds) && rms > 0.02
    }

    @Test("each word of a few is a compact WAV (µ-law, 11025 Hz) of plausible length and loudness")
    func words() throws {
        let voice = EspeakVoice.find()
        try #require(voice.speak != nil, "espeak-ng must be installed (.ci/run installs it): \(voice.missing ?? "")")
        for word in ["cat", "because", "yellow", "three"] {
            let clip = try #require(voice.speak?(word))
            let bytes = try #require(Data(base64Encoded: clip.data)).map { $0 }
            #expect(clip.format == "wav" && Array(bytes.prefix(4)) == Array("RIFF".utf8))
            #expect(bytes[20] == 7 && bytes[24] == 0x11 && bytes[25] == 0x2B, "format 7 (µ-law) at 11025 Hz")
            let measured = try Self.measure(bytes)
            #expect(try Self.isSpeech(bytes), "\(word): \(measured)")
            #expect(clip.data.utf8.count < 48_000, "within a 64 KiB frame with its state")
            #expect(
                Self.chunks(bytes) == ["fmt ", "fact", "data"], "\(word): no INFO or other chunk that could name it")
        }
    }

    /// The chunk ids of a RIFF file, in order; they must fill it exactly.
    static func chunks(_ file: [UInt8]) -> [String] {
        var ids: [String] = []
        var at = 12
        while at + 8 <= file.count {
            let size = (0..<4).reduce(0) { $0 | Int(file[at + 4 + $1]) << (8 * $1) }
            ids.append(String(decoding: file[at..<at + 4], as: UTF8.self))
            at += 8 + size + size % 2
        }
        return at == file.count ? ids : ids + ["(\(file.count - at) bytes left over)"]
    }

    @Test("the check tells silence and a click from speech")
    func silenceIsNotSpeech() throws {
        let silence = CompactWave.compact(Self.pcm(seconds: 1) { _ in 0 })!
        #expect(try !Self.isSpeech(silence))
        let click = CompactWave.compact(Self.pcm(seconds: 0.1) { $0 % 50 == 0 ? 20_000 : 0 })!
        #expect(try !Self.isSpeech(click))
        let tone = CompactWave.compact(Self.pcm(seconds: 1) { Int16(8000 * sin(Double($0) * 0.06)) })!
        #expect(try Self.isSpeech(tone), "a loud second passes the measure, so the measure can pass")
    }

    @Test("input that is not 16-bit PCM mono is refused")
    func notPCM() {
        #expect(CompactWave.compact(Array("RIFF....WAVE".utf8)) == nil)
        var stereo = Self.pcm(seconds: 0.1) { _ in 0 }
        stereo[22] = 2
        #expect(CompactWave.compact(stereo) == nil)
    }

    /// A 16-bit PCM mono WAV file at 22050 Hz.
    static func pcm(seconds: Double, _ sample: (Int) -> Int16) -> [UInt8] {
        let count = Int(seconds * 22_050)
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var file = Array("RIFF".utf8) + le(36 + count * 2, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2)
        file += le(22_050, 4) + le(44_100, 4) + le(2, 2) + le(16, 2) + Array("data".utf8) + le(count * 2, 4)
        for index in 0..<count { file += le(Int(UInt16(bitPattern: sample(index))), 2) }
        return file
    }
}
