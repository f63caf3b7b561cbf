import Protocol

/// Section 1: frames, and payloads that are not messages. Over a WebSocket (section 16) a frame is a
/// text message: the probe frames each case's payloads for its transport.
enum FramingCases {
    static let hello = #"{"type":"hello","id":1,"protocol":1,"name":"NAME"}"#

    static func hello(_ context: HostContext) -> [UInt8] {
        Array(hello.replacingOccurrences(of: "NAME", with: context.name()).utf8)
    }

    /// A case that sends `bytes` on a new connection and expects a fatal `code`.
    static func fatal(
        _ id: String, _ summary: String, _ statements: [String], code: String, greeted: Bool = false,
        transport: CaseTransport = .any, _ bytes: @escaping @Sendable (Probe) -> [UInt8]
    ) -> HostCase {
        HostCase(id, summary, statements: statements, transport: transport) { context in
            let probe = greeted ? try await context.greet().probe : try await context.connect()
            await probe.send(bytes: bytes(probe))
            try await context.expectFatal(probe, code: code)
            return .ok
        }
    }

    static let all: [HostCase] = [
        HostCase(
            "framing.hello-one-frame", "a hello in one frame is answered with welcome",
            statements: ["F-2", "F-3", "H-8"]
        ) { context in
            let greeted = try await context.greet()
            try require(greeted.welcome.re == .number(1), "re 1 on welcome (M-3)", seen: "\(greeted.welcome)")
            return .ok
        },
        HostCase(
            "framing.split-every-byte", "a hello split into one TCP segment per byte is read whole", statements: ["F-8"]
        ) { context in
            let probe = try await context.connect()
            let bytes = probe.frame(hello(context))
            // NB: a short pause between bytes, so each one reaches the host in a read of its own.
            await probe.send(chunks: bytes.map { [$0] }, pause: .milliseconds(3))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "welcome", "welcome to a hello sent byte by byte", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "framing.split-header", "a header split 1+3 bytes, then the payload in two writes",
            statements: ["F-2", "F-8"]
        ) { context in
            let probe = try await context.connect()
            let bytes = probe.frame(hello(context))
            await probe.send(
                chunks: [Array(bytes[0..<1]), Array(bytes[1..<4]), Array(bytes[4..<20]), Array(bytes[20...])],
                pause: .milliseconds(30))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "welcome", "welcome to a hello in four writes", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "framing.two-frames-one-write", "hello and ping in one write are both answered, in order",
            statements: ["F-8", "F-9"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(bytes: probe.frame(hello(context)) + probe.frame(Array(#"{"type":"ping","id":2}"#.utf8)))
            let first = await probe.read(timeout: context.replyTimeout)
            try require(first.message?.type == "welcome", "welcome first", seen: "\(first)")
            let second = await probe.read(timeout: context.replyTimeout)
            try require(
                second.message?.type == "pong" && second.message?.re == .number(2), "pong re 2 second",
                seen: "\(second)")
            return .ok
        },
        HostCase(
            "framing.many-frames-one-write", "ten pings in one write get ten pongs in order",
            statements: ["F-8", "F-9", "M-4"]
        ) { context in
            let probe = try await context.greet().probe
            await probe.send(bytes: (1...10).flatMap { probe.frame(Array(#"{"type":"ping","id":\#($0)}"#.utf8)) })
            for expected in 1...10 {
                let answer = await probe.read(timeout: context.replyTimeout)
                try require(
                    answer.message?.type == "pong" && answer.message?.re == .number(Double(expected)),
                    "pong re \(expected)", seen: "\(answer)")
            }
            return .ok
        },
        HostCase("framing.max-frame-accepted", "a frame of exactly maxFrame bytes is accepted", statements: ["F-4"]) {
            context in
            let greeted = try await context.greet()
            let limit = greeted.welcome.int("maxFrame") ?? 65_536
            let skeleton = #"{"type":"ping","id":7,"pad":""}"#
            let text =
                #"{"type":"ping","id":7,"pad":""# + String(repeating: "x", count: limit - skeleton.utf8.count) + #""}"#
            await greeted.probe.send(json: text)
            let answer = await greeted.probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "pong", "pong to a \(limit)-byte ping (maxFrame from welcome)",
                seen: "\(answer)")
            return .ok
        },
        fatal(
            "framing.oversize-header", "a header above maxFrame is refused at once, before any payload",
            ["F-4", "F-5"], code: "frame-too-large"
        ) { probe in
            probe.header(announcing: 10_000_000)
        },
        fatal(
            "framing.oversize-by-one", "maxFrame + 1 with part of the payload is refused with frame-too-large", ["F-5"],
            code: "frame-too-large", greeted: true
        ) { probe in
            probe.header(announcing: 65_537) + Array(repeating: 0x20, count: 1000)
        },
        fatal(
            "framing.zero-length", "a header announcing 0 bytes is answered with empty-frame", ["F-4", "F-5"],
            code: "empty-frame"
        ) { probe in
            probe.header(announcing: 0)
        },
        fatal(
            "framing.zero-length-greeted", "a zero-length frame after hello also closes", ["F-5", "E-2"],
            code: "empty-frame", greeted: true
        ) { probe in
            probe.header(announcing: 0)
        },
        fatal(
            "framing.http-get", "an HTTP GET is answered with http-not-supported", ["F-6"], code: "http-not-supported",
            transport: .tcp
        ) { _ in
            Array("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        },
        fatal(
            "framing.http-post", "an HTTP POST is answered with http-not-supported", ["F-6"],
            code: "http-not-supported", transport: .tcp
        ) { _ in
            Array("POST /play HTTP/1.1\r\nContent-Length: 0\r\n\r\n".utf8)
        },
        fatal(
            "framing.invalid-utf8", "a payload that is not UTF-8 is answered with invalid-utf8", ["F-3", "F-7"],
            code: "invalid-utf8"
        ) { probe in
            probe.frame([0x7B, 0x22, 0x74, 0xC3, 0x28, 0x22, 0x7D])
        },
        fatal(
            "framing.garbage-json", "a payload that is not JSON is answered with invalid-json", ["F-3", "F-7"],
            code: "invalid-json"
        ) { probe in
            probe.frame(Array("}{ this is not json".utf8))
        },
        fatal(
            "framing.json-array", "a JSON array is answered with not-an-object", ["F-3", "F-7"], code: "not-an-object"
        ) { probe in
            probe.frame(Array(#"[{"type":"hello","protocol":1,"name":"x"}]"#.utf8))
        },
        fatal(
            "framing.json-string", "a JSON string is answered with not-an-object", ["F-7"], code: "not-an-object",
            greeted: true
        ) { probe in
            probe.frame(Array(#""ping""#.utf8))
        },
        fatal(
            "framing.missing-type", "an object without type is answered with missing-type", ["F-7", "M-1"],
            code: "missing-type"
        ) { probe in
            probe.frame(Array(#"{"id":1,"protocol":1,"name":"x"}"#.utf8))
        },
        fatal(
            "framing.type-not-string", "an object whose type is a number is answered with missing-type",
            ["F-7", "M-1"], code: "missing-type", greeted: true
        ) { probe in
            probe.frame(Array(#"{"type":7,"id":1}"#.utf8))
        },
        HostCase(
            "framing.garbage-bytes", "random binary bytes end the connection with a fatal framing error",
            statements: ["F-5", "F-7", "L-6"], transport: .tcp
        ) { context in
            let probe = try await context.connect()
            await probe.send(bytes: [0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0xFF, 0x13, 0x37, 0x42, 0x99])
            let answer = await probe.read(timeout: context.replyTimeout)
            let fatalCodes: Set<String> = [
                "frame-too-large", "invalid-utf8", "invalid-json", "not-an-object", "missing-type",
            ]
            guard let message = answer.message, let code = message.code, fatalCodes.contains(code),
                message.bool("fatal") == true
            else {
                throw CaseFailure(expected: "a fatal framing error (frame-too-large)", seen: "\(answer)")
            }
            let rest = await probe.readUntilClosed(timeout: context.replyTimeout)
            try require(rest.closed, "the close after \(code)", seen: "the connection still open")
            return .ok
        },
        HostCase("framing.whitespace-around", "white space around the object is allowed", statements: ["F-3"]) {
            context in
            let probe = try await context.greet().probe
            await probe.send(bytes: probe.frame(Array(" \n\t{\"type\":\"ping\",\"id\":3}\r\n ".utf8)))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "pong", "pong to a ping wrapped in white space", seen: "\(answer)")
            return .ok
        },
    ]
}
