import Foundation
import Testing

@testable import Terminal

/// The keys thread's name is how a look at a running `tcnet join` (gdb, `/proc/PID/task`, the tmux tests'
/// count of the keys read) finds it.
@Suite("a thread's name, as the kernel shows it")
struct ThreadNameTests {
    @Test("a thread that names itself shows that name at once, cut to the kernel's 15 bytes")
    func namesItself() async throws {
        #expect(await Self.nameSeen(after: "tcnet-keys") == "tcnet-keys")
        #expect(await Self.nameSeen(after: "a-name-longer-than-fifteen") == "a-name-longer-t")
    }

    /// The name the kernel gives a new thread right after it named itself `name`.
    private static func nameSeen(after name: String) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                RawTerminal.nameThisThread(name)
                let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
                continuation.resume(returning: comm?.trimmingCharacters(in: .newlines))
            }
            thread.start()
        }
    }
}
