import Protocol

/// Section 1 and 4: payloads that lenient JSON parsers take and RFC 8259 refuses (F-10), and the
/// host's JSON limits.
enum JSONCases {
    /// Sends each payload on a new greeted connection; each must end it with `invalid-json`.
    static func expectInvalidJSON(_ context: HostContext, _ payloads: [String]) async throws {
        for payload in payloads {
            let probe = try await context.greet().probe
            await probe.send(json: payload)
            do {
                try await context.expectFatal(probe, code: "invalid-json")
            } catch let failure as CaseFailure {
                throw CaseFailure(expected: "\(failure.expected) for \(payload.debugDescription)", seen: failure.seen)
            }
        }
    }

    /// A ping whose member `x` holds arrays nested so that the message has `depth` levels.
    static func nested(_ depth: Int, id: Int) -> String {
        #"{"type":"ping","id":\#(id),"x":"# + String(repeating: "[", count: depth - 1)
            + String(repeating: "]", count: depth - 1) + "}"
    }

    static let all: [HostCase] = [
        HostCase(
            "json.trailing-comma", "a comma before } or ] is invalid-json", statements: ["F-3", "F-10"]
        ) { context in
            try await expectInvalidJSON(context, [#"{"type":"ping","id":2,}"#, #"{"type":"ping","id":2,"x":[1,]}"#])
            return .ok
        },
        HostCase(
            "json.raw-control-character", "a raw tab or newline inside a string is invalid-json",
            statements: ["F-3", "F-10"]
        ) { context in
            try await expectInvalidJSON(
                context, ["{\"type\":\"ping\",\"id\":\"a\tb\"}", "{\"type\":\"ping\",\"x\":\"two\nlines\"}"])
            return .ok
        },
        HostCase(
            "json.number-forms",
            "numbers the RFC does not have (01, 1., -, .5, +1) and beyond a double (1e400) are invalid-json",
            statements: ["F-10"]
        ) { context in
            let forms = ["01", "-01", "1.", "-", ".5", "+1", "1e400"]
            try await expectInvalidJSON(context, forms.map { #"{"type":"ping","id":3,"x":\#($0)}"# })
            return .ok
        },
        HostCase(
            "json.byte-order-mark", "a hello after a UTF-8 byte-order mark is invalid-json",
            statements: ["F-3", "F-10"]
        ) { context in
            let probe = try await context.connect()
            await probe.send(
                bytes: probe.frame(
                    [0xEF, 0xBB, 0xBF]
                        + Array(#"{"type":"hello","id":1,"protocol":1,"name":"\#(context.name())"}"#.utf8)))
            try await context.expectFatal(probe, code: "invalid-json")
            return .ok
        },
        HostCase(
            "json.utf16", "a hello in UTF-16LE (valid UTF-8 bytes, with NULs) is invalid-json",
            statements: ["F-3", "F-10"]
        ) { context in
            let probe = try await context.connect()
            let text = #"{"type":"hello","id":1,"protocol":1,"name":"\#(context.name())"}"#
            await probe.send(bytes: probe.frame(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
            try await context.expectFatal(probe, code: "invalid-json")
            return .ok
        },
        HostCase(
            "json.escapes", "the RFC's escapes are read; \\q and a lone surrogate are invalid-json, not missing-type",
            statements: ["F-7", "F-10"]
        ) { context in
            let probe = try await context.greet().probe
            await probe.send(json: #"{"type":"\u0070i\u006Eg","id":"\ud83d\ude00\/\t"}"#)
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(
                answer.message?.type == "pong" && answer.message?.re == .string("😀/\t"),
                #"pong, re "😀/\t", to a ping written with escapes"#, seen: "\(answer)")
            try await expectInvalidJSON(context, [#"{"type":"p\qing"}"#, #"{"type":"ping","x":"\ud800"}"#])
            return .ok
        },
        HostCase(
            "json.nesting-limit", "64 levels of arrays and objects are read; 65 are invalid-json", statements: ["F-10"]
        ) { context in
            let probe = try await context.greet().probe
            await probe.send(json: nested(64, id: 4))
            let answer = await probe.read(timeout: context.replyTimeout)
            try require(answer.message?.type == "pong", "pong to a ping 64 levels deep (section 4)", seen: "\(answer)")
            try await expectInvalidJSON(context, [nested(65, id: 5)])
            return .ok
        },
    ]
}
