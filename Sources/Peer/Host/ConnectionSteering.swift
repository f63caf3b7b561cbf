import Logging
import NIOCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Which of the host's listening sockets takes each new TCP connection, and so which event loop serves
/// it: the lobby's own while a classroom is connected, the other loops' once a school is.
///
/// The host listens with one socket a loop, in one `SO_REUSEPORT` group (the lobby's first), each
/// serving the connections it accepts on its own loop. A classic BPF program attached to the group
/// (`SO_ATTACH_REUSEPORT_CBPF`) picks the socket for each new connection in the kernel: the lobby's
/// (`ret #0`) until ``spreadAfter`` connections are served, then one of the others at random (`ld rand;
/// mod #(n-1); add #1`), and the lobby's again once no more than half of them are left. A connection
/// stays on the loop that accepted it.
///
/// NB: past the line the lobby's loop takes no more connections: it runs the lobby and its journal for
/// all of them (at 500 matches, 12 % more moves than sending new connections to every loop at random,
/// docs/BENCHMARKS.md).
///
/// NB: a classroom's moves are read, decided, committed and answered on one thread, with no hand-off
/// (the least CPU a move); from about a hundred matches at once the second core makes more moves a
/// second (docs/BENCHMARKS.md, twenty-seventh round; docs/ARCHITECTURE.md, "One thread or every core").
final class ConnectionSteering: Sendable {
    /// The sockets the program sends new connections to.
    enum Target: Sendable, Equatable {
        /// The lobby's loop's socket alone.
        case lobby
        /// The other loops' sockets, at random.
        case otherLoops
    }

    /// The connections served on the lobby's loop alone before new ones are spread.
    let spreadAfter: Int
    /// The target before any connection: the lobby's loop, unless the line is 0.
    ///
    /// NB: attached before the host takes connections: the connections of a class that arrive at once
    /// reach the kernel before the first of them is counted and the program changed.
    let initial: Target
    /// The listening socket through which the program is attached (the lobby's: the group's first).
    private let listener: any Channel
    /// The sockets of the group, one a loop.
    private let sockets: Int
    private let logger: Logger
    /// The target decided last, and the one attached last.
    private let state: Mutex<(decided: Target, attached: Target?)>

    /// A steering for a group of listening sockets; nothing is attached until ``attach(_:)``.
    init(listener: any Channel, sockets: Int, spreadAfter: Int, logger: Logger) {
        self.listener = listener
        self.sockets = sockets
        self.spreadAfter = spreadAfter
        self.logger = logger
        self.initial = Self.next(.lobby, connected: 0, spreadAfter: spreadAfter)
        self.state = Mutex((decided: self.initial, attached: nil))
    }

    /// The target after `connected` connections, from `current`: spread once ``spreadAfter`` are served,
    /// and back to the lobby's loop at half that, so that a class coming and going at the line does not
    /// switch the program at each connection. A line of 0 spreads every connection, the first too.
    static func next(_ current: Target, connected: Int, spreadAfter: Int) -> Target {
        switch current {
        case .lobby: connected >= spreadAfter ? .otherLoops : .lobby
        case .otherLoops: spreadAfter > 0 && connected <= spreadAfter / 2 ? .lobby : .otherLoops
        }
    }

    /// The program attached last; `nil` until the first is.
    var attached: Target? { self.state.withLock { $0.attached } }

    /// Follows the number of connections served; attaches the other program when the target changes.
    func connected(_ count: Int) {
        let changed = self.state.withLock { state -> Bool in
            let next = Self.next(state.decided, connected: count, spreadAfter: self.spreadAfter)
            defer { state.decided = next }
            return next != state.decided
        }
        guard changed else { return }
        // NB: the program attached is the latest decision when the loop runs this, not the one that asked
        // for it: changes decided on two threads may reach the loop in either order.
        self.listener.eventLoop.execute {
            // NB: a stopping host's connections leave after its sockets closed.
            guard self.listener.isActive else { return }
            let target = self.state.withLock { $0.decided }
            self.attachOnLoop(target).whenComplete { result in
                switch result {
                case .success:
                    let message: Logger.Message =
                        target == .lobby
                        ? "new connections on the lobby's thread" : "new connections on the other cores"
                    self.logger.info(message, metadata: ["connected": "\(count)"])
                case .failure(let error):
                    self.logger.warning("connections not steered", metadata: ["error": "\(error)"])
                }
            }
        }
    }

    /// Attaches the program that sends new connections to `target`.
    /// - Returns: done once attached; failed when the kernel refuses the program (then connections go
    ///   where they went).
    func attach(_ target: Target) -> EventLoopFuture<Void> {
        self.listener.eventLoop.flatSubmit { self.attachOnLoop(target) }
    }

    /// Attaches a program, on the listener's loop: there the option is set before the call returns, while
    /// the program's memory is still there.
    private func attachOnLoop(_ target: Target) -> EventLoopFuture<Void> {
        self.listener.eventLoop.preconditionInEventLoop()
        guard let provider = self.listener as? any SocketOptionProvider else {
            return self.listener.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        var program = Self.program(target, sockets: self.sockets)
        let done = program.withUnsafeMutableBufferPointer { code in
            provider.unsafeSetSocketOption(
                level: SocketOptionLevel(SOL_SOCKET), name: Self.attachReusePortProgram,
                value: FilterProgram(length: UInt16(code.count), code: code.baseAddress))
        }
        return done.map { self.state.withLock { $0.attached = target } }
    }

    // MARK: The kernel's classic BPF

    /// `SO_ATTACH_REUSEPORT_CBPF` (asm-generic/socket.h).
    static let attachReusePortProgram = SocketOptionName(51)

    /// The program for a target: it returns the index of the socket in the group (their order of joining).
    static func program(_ target: Target, sockets: Int) -> [FilterInstruction] {
        switch target {
        case .lobby:
            [FilterInstruction(code: 0x06, k: 0)]  // ret #0
        case .otherLoops:
            [
                // NB: ld rand (the ancillary word SKF_AD_OFF + SKF_AD_RANDOM); mod #(sockets - 1); add #1; ret a.
                FilterInstruction(code: 0x20, k: UInt32(bitPattern: -0x1000 + 56)),
                FilterInstruction(code: 0x94, k: UInt32(sockets - 1)),
                FilterInstruction(code: 0x04, k: 1),
                FilterInstruction(code: 0x16, k: 0),
            ]
        }
    }

    /// `struct sock_filter` (linux/filter.h): one instruction.
    struct FilterInstruction: Equatable {
        var code: UInt16
        var jumpIfTrue: UInt8 = 0
        var jumpIfFalse: UInt8 = 0
        var k: UInt32
    }

    /// `struct sock_fprog` (linux/filter.h): the instructions, for the time of one `setsockopt`.
    private struct FilterProgram: @unchecked Sendable {
        var length: UInt16
        var code: UnsafeMutablePointer<FilterInstruction>?
    }
}
