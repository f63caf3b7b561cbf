#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// NB: signal handlers cannot capture context, so what they restore lives in globals, written once
// before any handler is installed and read only afterwards.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var rawModeActive: Int32 = 0
nonisolated(unsafe) private let leaveScreen: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal in raw mode on the alternate screen, and puts it back on every way out: a normal
/// return, `exit`, Ctrl-C (SIGINT), SIGTERM, SIGHUP, SIGQUIT, and crashes (SIGSEGV, SIGBUS, SIGILL,
/// SIGFPE, SIGABRT, SIGTRAP).
public enum RawTerminal {
    /// The signals after which the terminal is restored before the process dies of them.
    static let fatalSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    ]

    /// Whether standard input and output are a terminal.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Enters raw mode and the alternate screen.
    /// - Throws: ``TerminalError`` when standard input is not a terminal.
    public static func enter() throws {
        guard isatty(0) == 1 else { throw TerminalError.notATerminal }
        guard tcgetattr(0, &savedTermios) == 0 else { throw TerminalError.notATerminal }
        _ = leaveScreen.count
        var raw = savedTermios
        // NB: ISIG stays on, so Ctrl-C is a real SIGINT that restores the terminal through the same
        // handler as a crash. OPOST stays on, so "\n" still returns the carriage.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                RawTerminal.restore()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        atexit { RawTerminal.restore() }
        rawModeActive = 1
        tcsetattr(0, TCSAFLUSH, &raw)
        self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Leaves raw mode and the alternate screen; safe to call twice and from a signal handler.
    public static func restore() {
        guard rawModeActive == 1 else { return }
        rawModeActive = 0
        leaveScreen.withUnsafeBytes { _ = Glibc.write(1, $0.baseAddress, $0.count) }
        tcsetattr(0, TCSAFLUSH, &savedTermios)
    }

    /// Writes text to standard output at once.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// The terminal's size, or 80x24 when it cannot be asked.
    public static var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

/// The terminal cannot be used.
public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal

    public var description: String {
        "standard input is not a terminal: run this in a terminal, or use --bot for a player without a screen"
    }
}
