import Lobby
import NIOCore
import Protocol

// NB: the limits and timeouts both transports enforce, with the test-only faults applied at this one seam.
extension HostConfiguration {
    /// The frame (or WebSocket message) size limit the host enforces.
    var enforcedFrameLimits: FrameLimits {
        FrameLimits(
            maxPayload: self.faults.has(.noSizeCap)
                ? Int(UInt32.max) : self.faults.has(.maxFrameHalved) ? self.maxFrame / 2 : self.maxFrame)
    }

    /// The hello, frame and idle timeouts the host enforces.
    var enforcedTimeouts: LivenessTimers.Timeouts {
        let faults = self.faults
        return LivenessTimers.Timeouts(
            hello: faults.has(.noHelloTimeout) ? .hours(24) : self.helloTimeout,
            frame: faults.has(.noFrameTimeout)
                ? .hours(24)
                : faults.has(.frameTimeoutTenth) ? .nanoseconds(self.frameTimeout.nanoseconds / 10) : self.frameTimeout,
            idle: faults.has(.noIdleTimeout) ? .hours(24) : self.idleTimeout)
    }

    /// The write buffer's water marks: above the high one a client counts as not reading (L-9).
    var writeBufferWaterMark: ChannelOptions.Types.WriteBufferWaterMark {
        .init(low: self.maxQueuedBytes / 2, high: self.maxQueuedBytes)
    }
}
