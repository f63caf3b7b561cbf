import Lobby
import NIOCore
import Protocol

/// The three liveness timers of a host connection (PROTOCOL.md section 4), on its event loop: the
/// hello timer (L-2), the frame timer (L-3) and the idle timer (L-4).
///
/// Both transports' first handlers own one: ``FrameHandler`` (framed TCP) and ``WebSocketGuard``.
/// They report bytes and unfinished messages in their own framing's terms; the timers decide, and
/// call back once with the error to send when one expires.
final class LivenessTimers {
    /// The timeouts, from the host's configuration.
    struct Timeouts {
        var hello: TimeAmount
        var frame: TimeAmount
        var idle: TimeAmount
    }

    /// What to do when a timer expires: send this error, then close.
    typealias Expiry = (ChannelHandlerContext, ErrorCode, String) -> Void

    let timeouts: Timeouts
    private let handshake: HandshakeFlag
    private let faults: Set<HostFault>
    private var expiry: Expiry?
    private(set) var lastRead = NIODeadline.now()
    /// When the message now partly received began to arrive.
    private var partialSince: NIODeadline?
    private var helloTimer: Scheduled<Void>?
    private var idleTimer: Scheduled<Void>?
    private var frameTimer: Scheduled<Void>?

    init(timeouts: Timeouts, handshake: HandshakeFlag, faults: Set<HostFault>) {
        self.timeouts = timeouts
        self.handshake = handshake
        self.faults = faults
    }

    /// Starts the hello and idle timers (once; later calls do nothing).
    func start(context: ChannelHandlerContext, onExpiry: @escaping Expiry) {
        guard self.helloTimer == nil else { return }
        self.expiry = onExpiry
        self.lastRead = context.eventLoop.now
        self.armHelloTimer(context: context, in: self.timeouts.hello)
        self.armIdleTimer(context: context, at: self.lastRead + self.timeouts.idle)
    }

    /// Some bytes arrived: the idle timer starts again.
    func bytesArrived(context: ChannelHandlerContext) {
        // NB: the event loop's clock, the one the timers run on (a test's loop has its own).
        if !self.faults.has(.idleTimerNotReset) { self.lastRead = context.eventLoop.now }
    }

    /// Called after the bytes of one read were taken apart.
    /// - Parameters:
    ///   - partial: whether a message is now partly received.
    ///   - completedAny: whether the read completed at least one message (a new partial one began then).
    func readEnded(context: ChannelHandlerContext, partial: Bool, completedAny: Bool) {
        if !partial {
            self.partialSince = nil
        } else if completedAny || self.partialSince == nil || self.faults.has(.frameTimerResetByBytes) {
            self.partialSince = self.lastRead
            if self.frameTimer == nil {
                self.armFrameTimer(context: context, at: self.lastRead + self.timeouts.frame)
            }
        }
    }

    /// Stops every timer; none will call back.
    func cancel() {
        self.helloTimer?.cancel()
        self.idleTimer?.cancel()
        self.frameTimer?.cancel()
        self.frameTimer = nil
        self.expiry = nil
    }

    private func expire(context: ChannelHandlerContext, _ code: ErrorCode, _ message: String) {
        let expiry = self.expiry
        self.cancel()
        expiry?(context, code, message)
    }

    private func armHelloTimer(context: ChannelHandlerContext, in delay: TimeAmount) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let handshake = self.handshake
        self.helloTimer = context.eventLoop.scheduleTask(in: delay) {
            guard !handshake.isDone else { return }
            let (timers, context) = loopBound.value
            if handshake.hasUnhandledFrame {
                // NB: the client sent something in time and the host has not got to it yet; a
                // busy host must not blame the client for its own delay.
                timers.armHelloTimer(context: context, in: .milliseconds(50))
                return
            }
            timers.expire(
                context: context, .helloTimeout, "no hello within \(timers.timeouts.hello.seconds) s of connecting")
        }
    }

    private func armIdleTimer(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        self.idleTimer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (timers, context) = loopBound.value
            let due = timers.lastRead + timers.timeouts.idle
            if due > context.eventLoop.now {
                timers.armIdleTimer(context: context, at: due)
            } else {
                timers.expire(
                    context: context, .idleTimeout,
                    "nothing received for \(timers.timeouts.idle.seconds) s; send ping to stay connected")
            }
        }
    }

    private func armFrameTimer(context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        self.frameTimer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (timers, context) = loopBound.value
            timers.frameTimer = nil
            guard let since = timers.partialSince else { return }
            let due = since + timers.timeouts.frame
            if due > context.eventLoop.now {
                timers.armFrameTimer(context: context, at: due)
            } else {
                timers.expire(
                    context: context, .frameTimeout, "a frame stayed unfinished for \(timers.timeouts.frame.seconds) s")
            }
        }
    }
}

extension TimeAmount {
    /// The amount in seconds, for messages.
    var seconds: String {
        let value = Double(self.nanoseconds) / 1e9
        return value == value.rounded() ? "\(Int(value))" : "\(value)"
    }
}
