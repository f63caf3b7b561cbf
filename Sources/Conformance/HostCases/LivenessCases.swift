import Protocol

/// Section 4: ping, timeouts, rate limit, connection limit.
enum LivenessCases {
    static let all: [HostCase] = [
        HostCase("liveness.ping", "ping is answered with pong carrying re", statements: ["L-1", "M-3"]) { context in
            let probe = try await context.greet().probe
            let answer = try await context.request(probe, "ping", id: 41)
            try require(answer.type == "pong", "pong re 41", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "liveness.slow-frame", "a frame sent slowly but within the frame timeout is accepted",
            statements: ["L-3", "F-8"]
        ) { context in
            let probe = try await context.greet().probe
            let bytes = probe.frame(Array(#"{"type":"ping","id":42}"#.utf8))
            let total = 10.0 * context.timeoutScale * 0.4
            let pause = Duration.milliseconds(Int(total * 1000) / bytes.count)
            await probe.send(chunks: bytes.map { [$0] }, pause: pause)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "pong", "pong to a ping sent over \(Int(total * 1000)) ms", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "liveness.hello-timeout", "a connection that never says hello gets hello-timeout, then the close",
            statements: ["L-2"], slow: true
        ) { context in
            let probe = try await context.connect()
            try await context.expectFatal(probe, code: "hello-timeout", within: context.specWait(seconds: 10))
            return .ok
        },
        HostCase(
            "liveness.frame-timeout", "a frame left unfinished gets frame-timeout, then the close", statements: ["L-3"],
            slow: true
        ) { context in
            let probe = try await context.greet().probe
            await probe.send(bytes: probe.header(announcing: 40) + Array(#"{"type":"pi"#.utf8))
            try await context.expectFatal(probe, code: "frame-timeout", within: context.specWait(seconds: 10))
            return .ok
        },
        HostCase(
            "liveness.slowloris",
            "a frame trickling a byte at a time is cut off at the frame timeout from its first byte",
            statements: ["L-3"], slow: true
        ) { context in
            let probe = try await context.greet().probe
            let timeout = 10.0 * context.timeoutScale
            let pause = Duration.milliseconds(max(20, Int(timeout * 1000 / 8)))
            let payload = Array((#"{"type":"ping","pad":""# + String(repeating: "x", count: 200) + #""}"#).utf8)
            let bytes = probe.frame(payload)
            let sender = Task { await probe.send(chunks: bytes.map { [$0] }, pause: pause) }
            defer { sender.cancel() }
            try await context.expectFatal(probe, code: "frame-timeout", within: context.specWait(seconds: 10))
            return .ok
        },
        HostCase(
            "liveness.idle-timeout", "a silent connection gets idle-timeout after idleTimeoutMs (from welcome)",
            statements: ["L-4", "H-8"], slow: true
        ) { context in
            let greeted = try await context.greet()
            let idle = greeted.welcome.int("idleTimeoutMs") ?? 60_000
            let early = await greeted.probe.read(timeout: .milliseconds(idle * 8 / 10))
            try require(
                early.message == nil && !(early.description.contains("closed")), "nothing before idleTimeoutMs",
                seen: "\(early)")
            try await context.expectFatal(greeted.probe, code: "idle-timeout", within: .milliseconds(idle / 5 + 3000))
            return .ok
        },
        HostCase(
            "liveness.ping-keeps-alive", "pings every idleTimeoutMs/3 keep a connection open past idleTimeoutMs",
            statements: ["L-1", "L-4"], slow: true
        ) { context in
            let greeted = try await context.greet()
            let idle = greeted.welcome.int("idleTimeoutMs") ?? 60_000
            for round in 1...4 {
                try await Task.sleep(for: .milliseconds(idle / 3))
                let answer = try await context.request(greeted.probe, "ping", id: round)
                try require(answer.type == "pong", "pong after \(round * idle / 3) ms of pings", seen: "\(answer)")
            }
            return .ok
        },
        HostCase(
            "limits.rate-limited",
            "more messages than the burst at once: the excess gets rate-limited, not fatal, with re and retryAfterMs",
            statements: ["L-5", "H-8"]
        ) { context in
            let greeted = try await context.greet()
            let burst = greeted.welcome.object("rateLimit")?.int("burst") ?? 50
            let count = burst + 10
            let pings = (1...count).flatMap { greeted.probe.frame(Array(#"{"type":"ping","id":\#($0)}"#.utf8)) }
            await greeted.probe.send(bytes: pings)
            let seen = await greeted.probe.read(count: count, timeout: .seconds(1))
            let limited = seen.messages.filter { $0.code == "rate-limited" }
            try require(
                !limited.isEmpty, "rate-limited for some of \(count) pings sent at once (burst \(burst))",
                seen: "\(seen.messages.count) answers, none rate-limited")
            try require(
                limited.allSatisfy { $0.bool("fatal") == false && ($0.int("retryAfterMs") ?? 0) > 0 && $0.re != nil },
                "fatal false, retryAfterMs > 0 and re on every rate-limited", seen: "\(limited[0])")
            try require(!seen.closed, "the connection to stay open", seen: "the close")
            try require(
                seen.messages.count == count, "one answer per message (M-4)",
                seen: "\(seen.messages.count) answers to \(count)")
            return .ok
        },
        HostCase("limits.rate-recovers", "after retryAfterMs a message is processed again", statements: ["L-5"]) {
            context in
            let greeted = try await context.greet()
            let burst = greeted.welcome.object("rateLimit")?.int("burst") ?? 50
            let pings = (1...(burst + 5)).flatMap { greeted.probe.frame(Array(#"{"type":"ping","id":\#($0)}"#.utf8)) }
            await greeted.probe.send(bytes: pings)
            let seen = await greeted.probe.read(count: burst + 5, timeout: .seconds(1))
            let wait = seen.messages.compactMap { $0.code == "rate-limited" ? $0.int("retryAfterMs") : nil }.max() ?? 0
            try require(!seen.closed, "the connection open while rate-limited", seen: "the close")
            try await Task.sleep(for: .milliseconds(wait + 100))
            await greeted.probe.send(json: #"{"type":"ping","id":999}"#)
            let answer = await greeted.probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "pong", "pong after waiting retryAfterMs", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "limits.host-full", "past the connection limit a connection gets host-full, then the close",
            statements: ["L-7"]
        ) { context in
            var open: [Probe] = []
            var verdict: Result<Verdict, CaseFailure> = .failure(
                CaseFailure(
                    expected: "host-full by the 257th connection (256 is the documented default)",
                    seen: "300 connections open without host-full"))
            search: for index in 0..<300 {
                let probe = try await context.connect()
                open.append(probe)
                let answer = await probe.read(timeout: index < 250 ? .milliseconds(1) : .milliseconds(20))
                if let message = answer.message {
                    let rest = await probe.readUntilClosed(timeout: context.replyTimeout)
                    if message.code != "host-full" || message.bool("fatal") != true {
                        verdict = .failure(CaseFailure(expected: "host-full, fatal", seen: "\(message)"))
                    } else if !rest.closed {
                        verdict = .failure(
                            CaseFailure(expected: "the close after host-full", seen: "the connection still open"))
                    } else {
                        verdict = .success(.ok)
                    }
                    break search
                }
            }
            // NB: give the host time to see the connections close, so the next case finds room.
            for probe in open { probe.drop() }
            try await Task.sleep(for: .milliseconds(500))
            return try verdict.get()
        },
    ]
}
