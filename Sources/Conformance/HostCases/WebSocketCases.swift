import Protocol

/// Section 16: what only the WebSocket transport has: fragments, the size of a whole message, the
/// close frame after a fatal error, and the Origin check.
enum WebSocketCases {
    static let all: [HostCase] = [
        HostCase(
            "websocket.fragmented",
            "a hello in three fragments (text, continuation, continuation) is read as one message",
            statements: ["W-2"], transport: .webSocket
        ) { context in
            let probe = try await context.connect()
            let hello = FramingCases.hello(context)
            let cut = [0, hello.count / 3, 2 * hello.count / 3, hello.count]
            var frames: [UInt8] = []
            for index in 0..<3 {
                let opcode: UInt8 = index == 0 ? 0x1 : 0x0
                frames += WebSocketWire.clientFrame(
                    opcode: opcode, fin: index == 2, Array(hello[cut[index]..<cut[index + 1]]))
            }
            await probe.send(bytes: frames)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "welcome", "welcome to a hello in three fragments", seen: "\(answer)")
            return .ok
        },
        HostCase(
            "websocket.fragments-too-large",
            "fragments adding up to maxFrame + 1 get frame-too-large at the last header",
            statements: ["W-3"], transport: .webSocket
        ) { context in
            let greeted = try await context.greet()
            let limit = greeted.welcome.int("maxFrame") ?? 65_536
            let half = limit / 2
            await greeted.probe.send(
                bytes: WebSocketWire.clientFrame(opcode: 0x1, fin: false, Array(repeating: 0x20, count: half)))
            await greeted.probe.send(bytes: WebSocketWire.clientFrame(opcode: 0x0, [], announce: limit - half + 1))
            try await context.expectFatal(greeted.probe, code: "frame-too-large")
            return .ok
        },
        HostCase(
            "websocket.close-code", "a fatal error is followed by a close frame with code 1008, then the close",
            statements: ["W-4", "H-3"], transport: .webSocket
        ) { context in
            let probe = try await context.connect()
            await probe.send(json: #"{"type":"ping","id":1}"#)
            try await context.expectFatal(probe, code: "hello-required")
            try require(
                probe.closeCode == 1008, "close code 1008 (policy violation) after hello-required",
                seen: probe.closeCode.map { "close code \($0)" } ?? "no close frame")
            return .ok
        },
        HostCase(
            "websocket.origin",
            "an upgrade from another site's page is refused; one from the host's own page is accepted",
            statements: ["W-6"], transport: .webSocket
        ) { context in
            guard case .webSocket(let path) = context.target.transport else { return .ok }
            let foreign = try await Probe.connectWebSocket(
                host: context.target.host, port: context.target.port, path: path, origin: "http://evil.example")
            if case .success = foreign {
                throw CaseFailure(
                    expected: "no upgrade for Origin http://evil.example", seen: "101 Switching Protocols")
            }
            let own = try await Probe.connectWebSocket(
                host: context.target.host, port: context.target.port, path: path,
                origin: "http://\(context.target.authority)")
            guard case .success(let probe) = own else {
                throw CaseFailure(
                    expected: "an upgrade for the host's own Origin http://\(context.target.authority)", seen: "\(own)")
            }
            await probe.send(json: #"{"type":"hello","id":1,"protocol":1,"name":\#(JSONValue.string(context.name()))}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "welcome", "welcome on the host's own page's WebSocket", seen: "\(answer)")
            return .ok
        },
    ]
}
