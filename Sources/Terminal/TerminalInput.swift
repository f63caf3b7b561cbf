import Dispatch
import Foundation
import ScreenKit

#if canImport(Glibc)
    import Glibc
#endif

/// What the terminal tells the program: keys and size changes.
public enum TerminalInput: Sendable {
    case keys([Key])
    case resized
    case closed
}

extension RawTerminal {
    /// The name of the thread that reads the keys.
    public static let keysThreadName = "tcnet-keys"

    /// Reads keys from standard input on a thread of its own, and reports SIGWINCH.
    /// - Parameter deliver: called with each input, on a background thread.
    public static func startInput(_ deliver: @escaping @Sendable (TerminalInput) -> Void) {
        let thread = Thread {
            // NB: named, so that a look at the process (gdb, /proc/PID/task) finds the thread that reads the keys.
            // Named by the thread itself, through the kernel: Foundation's `Thread.current.name` names the
            // system thread only once `start()` has recorded it, and a thread that ran first kept the name it
            // inherited (a Dispatch worker's, "oot.default-qos").
            Self.nameThisThread(Self.keysThreadName)
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    deliver(.closed)
                    return
                }
                deliver(.keys(KeyDecoder.keys(in: Array(buffer[0..<count]))))
            }
        }
        thread.start()
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        source.setEventHandler { deliver(.resized) }
        source.resume()
        winchSource = source
    }
}

extension RawTerminal {
    /// Names the calling thread as the kernel shows it (`/proc/PID/task/TID/comm`, 15 bytes at most).
    static func nameThisThread(_ name: String) {
        #if canImport(Glibc)
            let file = Glibc.open("/proc/thread-self/comm", O_WRONLY)
            guard file >= 0 else { return }
            defer { Glibc.close(file) }
            let bytes = Array(name.utf8.prefix(15))
            _ = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        #endif
    }
}

// NB: kept alive for the life of the process; written once, by the one caller of startInput.
nonisolated(unsafe) private var winchSource: (any DispatchSourceSignal)?
