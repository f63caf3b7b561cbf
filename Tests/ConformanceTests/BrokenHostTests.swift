import Classroom
import Conformance
import Lobby
import TaxCollection
import Testing

/// Every case must be able to fail: each runs against a host with one fault injected that breaks what
/// it checks, and must end FAILED there. The table gives each case the most specific fault that fails
/// it, as found by `FaultSurveyTests` (TCNET_FAULT_SURVEY=1 runs every case against every fault).
@Suite("Conformance: broken hosts")
struct BrokenHostTests {
    static let killers: [HostFault: [String]] = [
        .acceptOutOfTurn: ["craps.only-the-shooter", "match.not-your-turn", "match.refusals-change-nothing"],
        .anyProtocolAccepted: ["hello.protocol-0", "hello.protocol-2"],
        .doubleSeating: ["lobby.already-seated"],
        .diceRevealMismatch: ["craps.rolls-verified"],
        .diceSecretLeaked: ["craps.commitment-first", "whichbill.answer-hidden"],
        .drawNeedsOneOffer: ["match.draw"],
        .drawOffersKept: ["match.draw-withdrawn"],
        .firstMoveNotAlternating: ["match.rematch"],
        // NB: not `framing.split-every-byte`: its hello, a byte every 3 ms, takes about as long as the broken
        // host's 200 ms, so it failed only on a loaded machine (a quiet CI run passed it three times).
        .frameTimeoutTenth: ["liveness.slow-frame"],
        .frameTimerResetByBytes: ["liveness.slowloris"],
        .genericFramingErrors: [
            "framing.garbage-json", "framing.http-get", "framing.http-post", "framing.invalid-utf8",
            "framing.json-array", "framing.json-string", "framing.missing-type", "framing.type-not-string",
            "framing.zero-length", "framing.zero-length-greeted",
        ],
        .genericRefusals: [
            "lobby.leave-seat", "lobby.no-such-table", "lobby.ready-without-seat", "match.not-playing",
            "whichbill.options-refused",
        ],
        .fragmentsTruncated: ["websocket.fragmented"],
        .graceIgnored: ["resume.forfeit", "resume.pause"],
        .graceNotChecked: ["lobby.grace-out-of-range"],
        .helloRequiredNotFatal: [
            "hello.ping-first", "hello.table-request-first", "hello.unknown-type-first", "websocket.close-code",
        ],
        .idleTimerNotReset: ["liveness.ping-keeps-alive"],
        .illegalMovesAccepted: [
            "craps.bankrupt-reset", "craps.seven-out", "match.illegal-move", "whichbill.hint", "whichbill.play-again",
            "whichbill.wrong-bill",
        ],
        .invalidHelloCloses: ["hello.missing-name", "hello.mistyped-protocol"],
        .invalidMessageCloses: ["message.id-invalid", "message.missing-member", "message.mistyped-member"],
        .idsNormalised: ["message.id-echo-bytes", "message.id-not-digits"],
        .integersNormalised: ["match.move-integer-form", "message.integer-form"],
        .leaveDoesNotResign: ["lobby.leave-resigns"],
        .lenientJSON: [
            "json.byte-order-mark", "json.escapes", "json.nesting-limit", "json.number-forms",
            "json.raw-control-character", "json.trailing-comma", "json.utf16",
        ],
        .listsNotPaginated: ["lobby.players-pages", "lobby.tables-pages"],
        .matchStartsEarly: [
            "lobby.ready-while-playing", "match.malformed-move", "match.move-after-end", "match.not-a-player",
        ],
        .maxFrameHalved: ["framing.max-frame-accepted"],
        .namesCaseSensitive: ["hello.name-taken-any-case"],
        .namesCountedInBytes: ["hello.name-graphemes"],
        .namesFreedOnDisconnect: ["resume.name-reserved"],
        .namesNeverFreed: ["hello.name-freed"],
        .namesNotValidated: [
            "hello.name-control", "hello.name-empty", "hello.name-invisible", "hello.name-too-long",
            "hello.name-trimmed",
        ],
        .noConnectionLimit: ["limits.host-full"],
        .noFrameTimeout: ["liveness.frame-timeout"],
        .noHelloTimeout: ["liveness.hello-timeout"],
        .noIdleTimeout: ["liveness.idle-timeout"],
        .noRateLimit: ["limits.rate-limited"],
        .noSizeCap: [
            "framing.garbage-bytes", "framing.oversize-by-one", "framing.oversize-header",
            "websocket.fragments-too-large",
        ],
        .noSuchTableSilent: ["match.no-such-table"],
        .onlyFirstFramePerRead: ["framing.many-frames-one-write", "framing.two-frames-one-write"],
        .originUnchecked: ["websocket.origin"],
        .partialFramesDropped: ["framing.split-every-byte", "framing.split-header"],
        .playersIncludeDisconnected: ["lobby.players"],
        .rateLimitedFatal: ["limits.rate-recovers"],
        .refusalDetailsDropped: ["craps.ante-refusals", "craps.seed-refusals"],
        .reDropped: [
            "forward.error-shape", "framing.hello-one-frame", "liveness.ping", "message.id-largest-integer",
            "message.id-string",
        ],
        .reInvented: ["hello.no-id", "lobby.sit-and-broadcast", "match.move-broadcast", "message.no-id-no-re"],
        .resignWrongWinner: ["match.resign"],
        .resumeTokenNotChecked: ["resume.after-grace", "resume.bad-token"],
        .resumedFlagFalse: ["resume.good-token"],
        .seatTheft: ["lobby.seat-taken"],
        .secondHelloIgnored: ["hello.twice"],
        .sessionNotReplaced: ["resume.other-seat-token"],
        .sitKeepsWatching: ["lobby.sit-stops-watching"],
        .spectatorMayMove: ["match.spectator-cannot-move"],
        .spectatorsNotTold: ["lobby.watch"],
        .staleSeqAccepted: ["match.stale-seq"],
        .tableDefaultsWrong: ["lobby.create-table-defaults"],
        .tablesUnordered: ["lobby.tables-in-order"],
        .turnCheckedFirst: ["match.check-order", "match.repeated-seq"],
        .typeMustBeFirst: ["forward.member-order", "framing.whitespace-around"],
        .unknownGameAccepted: ["lobby.no-such-game"],
        .unknownMembersRefused: ["forward.unknown-members", "message.null-optional"],
        .unknownRuleSetAccepted: ["lobby.no-such-rule-set"],
        .unknownTypeCloses: ["message.unknown-type"],
        .viewsUnfiltered: [
            "spelling.hear-hides-text", "spelling.pick-hides-answer", "spelling.unscramble-hides-answer",
        ],
        .weakResumeToken: ["hello.welcome-members"],
        .wrongHash: [
            "lobby.ready-starts-match", "match.full-game", "match.illegal-empty-bank", "match.sync",
            "whichbill.session",
        ],
    ]

    @Test("every case is assigned a fault that can fail it, and every fault fails some case")
    func coverage() {
        let assigned = Set(Self.killers.values.joined())
        let ids = Set(HostSuite.classroom.map(\.id))
        #expect(
            ids.subtracting(assigned).isEmpty, "cases no fault is shown to fail: \(ids.subtracting(assigned).sorted())")
        #expect(assigned.subtracting(ids).isEmpty, "unknown case ids: \(assigned.subtracting(ids).sorted())")
        #expect(
            Set(Self.killers.keys) == Set(HostFault.allCases).subtracting(Self.outsideTheSuite), "faults without a case"
        )
    }

    /// Faults that only a crash shows, which the suite does not cause: `.ci/chaos.sh` catches them
    /// (`CHAOS_FAULT=write-behind bash .ci/chaos.sh` fails its journal check).
    static let outsideTheSuite: Set<HostFault> = [.writeBehind]

    @Test(
        "each case fails against its broken host",
        arguments: HostFault.allCases.filter { !Self.outsideTheSuite.contains($0) }.sorted())
    func broken(fault: HostFault) async throws {
        let ids = Self.killers[fault] ?? []
        try #require(!ids.isEmpty)
        let webSocketCases = ids.contains { $0.hasPrefix("websocket.") }
        // NB: a fault that shows only when the host reads a frame in pieces cannot show when a loaded
        // machine lets every piece arrive before the host reads: such a case gets a few tries, and must
        // fail in one of them. (Three were not always enough: `framing.split-header`, its four writes 30 ms
        // apart, passed three times in a row against `partial-frames-dropped` while 29 suites ran beside it.)
        let tries = Self.timingDependent.contains(fault) ? 6 : 1
        var pending = Set(ids)
        for _ in 0..<tries where !pending.isEmpty {
            let patterns = pending.sorted()
            let results = try await HostUnderTest.with(faults: [fault], web: webSocketCases) { ports in
                await HostUnderTest.run(ports, CaseSelection(patterns: patterns))
            }
            #expect(results.count == pending.count)
            pending.subtract(results.filter { $0.verdict.outcome == .failed }.map(\.info.id))
        }
        #expect(pending.isEmpty, "cases that did not fail against \(fault.rawValue): \(pending.sorted())")
    }

    /// Faults that show only when the host reads a frame in several pieces, or in time.
    ///
    /// NB: `resume.bad-token` shows a host that resumes any token only while another player is connected;
    /// this suite's hosts close a connection idle for 3 s, and in the test run's first minute CPU-bound
    /// tests can hold the cooperative pool longer than that, so the other player may be gone by then.
    /// `limits.rate-recovers` shows `rate-limited-fatal` only when one of its pings meets an empty bucket:
    /// on a loaded machine the host may read them over long enough for the bucket to refill (it passed
    /// once against that host while nine suites ran beside it).
    static let timingDependent: Set<HostFault> = [
        .partialFramesDropped, .onlyFirstFramePerRead, .resumeTokenNotChecked, .rateLimitedFatal,
    ]

    /// The limits are the same code over a WebSocket: each of these faults, injected once, breaks them
    /// there too, and their cases fail over the WebSocket as they do over TCP.
    static let sharedOverWebSocket: [HostFault: [String]] = [
        .noSizeCap: ["framing.oversize-by-one", "framing.oversize-header"],
        .maxFrameHalved: ["framing.max-frame-accepted"],
        .genericFramingErrors: ["framing.zero-length", "framing.invalid-utf8", "framing.garbage-json"],
        .noHelloTimeout: ["liveness.hello-timeout"],
        .noFrameTimeout: ["liveness.frame-timeout"],
        .frameTimerResetByBytes: ["liveness.slowloris"],
        .noIdleTimeout: ["liveness.idle-timeout"],
        .idleTimerNotReset: ["liveness.ping-keeps-alive"],
        .noRateLimit: ["limits.rate-limited"],
        .weakResumeToken: ["hello.welcome-members"],
        .resumeTokenNotChecked: ["resume.bad-token"],
    ]

    // NB: one broken host at a time: the other broken-host tests already run dozens of hosts at once.
    @Test(
        "the limits' cases fail over the WebSocket against the same broken hosts", .serialized,
        arguments: Self.sharedOverWebSocket.keys.sorted())
    func brokenOverWebSocket(fault: HostFault) async throws {
        let ids = Self.sharedOverWebSocket[fault] ?? []
        let results = try await HostUnderTest.with(faults: [fault]) { ports in
            await HostUnderTest.run(ports, CaseSelection(patterns: ids), overWebSocket: true)
        }
        #expect(results.count == ids.count)
        for result in results {
            #expect(
                result.verdict.outcome == .failed,
                "\(result.info.id) over WebSocket against \(fault.rawValue): \(result.verdict)")
        }
    }
}
