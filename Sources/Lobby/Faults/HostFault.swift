/// A deliberate protocol violation, for `tcnet conformance`'s broken-host check and nothing else.
///
/// NB: test-only. A host runs with none unless `tcnet host --inject-fault` (a hidden flag) or a test
/// asks for one. Each fault is a one-line branch in the real code path, so a case of the conformance
/// suite that no fault can make fail is a case that checks nothing.
public enum HostFault: String, Sendable, Hashable, CaseIterable, Comparable {
    // MARK: Framing (FrameHandler, TCNetHost)
    case noSizeCap = "no-size-cap"
    case maxFrameHalved = "max-frame-halved"
    case onlyFirstFramePerRead = "only-first-frame-per-read"
    case partialFramesDropped = "partial-frames-dropped"
    case genericFramingErrors = "generic-framing-errors"
    // MARK: Liveness
    case noHelloTimeout = "no-hello-timeout"
    case noFrameTimeout = "no-frame-timeout"
    case noIdleTimeout = "no-idle-timeout"
    case idleTimerNotReset = "idle-timer-not-reset"
    case frameTimerResetByBytes = "frame-timer-reset-by-bytes"
    case frameTimeoutTenth = "frame-timeout-tenth"
    // MARK: Session (ConnectionSession)
    case noRateLimit = "no-rate-limit"
    case rateLimitedFatal = "rate-limited-fatal"
    case unknownTypeCloses = "unknown-type-closes"
    case invalidMessageCloses = "invalid-message-closes"
    case invalidHelloCloses = "invalid-hello-closes"
    case helloRequiredNotFatal = "hello-required-not-fatal"
    case anyProtocolAccepted = "any-protocol-accepted"
    case unknownMembersRefused = "unknown-members-refused"
    case typeMustBeFirst = "type-must-be-first"
    // MARK: Reading payloads (JSONReading, chosen in ConnectionSession)
    case lenientJSON = "lenient-json"
    case idsNormalised = "ids-normalised"
    case integersNormalised = "integers-normalised"
    // MARK: Host (LobbyService, TCNetHost)
    case noConnectionLimit = "no-connection-limit"
    case reDropped = "re-dropped"
    case reInvented = "re-invented"
    case genericRefusals = "generic-refusals"
    case weakResumeToken = "weak-resume-token"
    // MARK: Lobby
    case secondHelloIgnored = "second-hello-ignored"
    case namesNotValidated = "names-not-validated"
    case namesCountedInBytes = "names-counted-in-bytes"
    case namesCaseSensitive = "names-case-sensitive"
    case namesNeverFreed = "names-never-freed"
    case namesFreedOnDisconnect = "names-freed-on-disconnect"
    case playersIncludeDisconnected = "players-include-disconnected"
    case tablesUnordered = "tables-unordered"
    case listsNotPaginated = "lists-not-paginated"
    case tableDefaultsWrong = "table-defaults-wrong"
    case unknownGameAccepted = "unknown-game-accepted"
    case unknownRuleSetAccepted = "unknown-rule-set-accepted"
    case graceNotChecked = "grace-not-checked"
    case seatTheft = "seat-theft"
    case doubleSeating = "double-seating"
    case noSuchTableSilent = "no-such-table-silent"
    case matchStartsEarly = "match-starts-early"
    case spectatorsNotTold = "spectators-not-told"
    case sitKeepsWatching = "sit-keeps-watching"
    case leaveDoesNotResign = "leave-does-not-resign"
    // MARK: Matches
    case acceptOutOfTurn = "accept-out-of-turn"
    case illegalMovesAccepted = "illegal-moves-accepted"
    case staleSeqAccepted = "stale-seq-accepted"
    case spectatorMayMove = "spectator-may-move"
    case turnCheckedFirst = "turn-checked-first"
    case wrongHash = "wrong-hash"
    case resignWrongWinner = "resign-wrong-winner"
    case drawNeedsOneOffer = "draw-needs-one-offer"
    case drawOffersKept = "draw-offers-kept"
    case firstMoveNotAlternating = "first-move-not-alternating"
    /// Refusals by a game's rules lose their `details` (Craps: the ante the rules accept).
    case refusalDetailsDropped = "refusal-details-dropped"
    // MARK: A game's secrets (OutcomeFaults)
    /// Every viewer gets the host's own copy of each move, which carries the next period's secret
    /// (`next`) where viewers must get its commitment: the dice can be predicted.
    case diceSecretLeaked = "dice-secret-leaked"
    /// A revealed secret (`reveal`, and the `revealed` event) is not the one the host committed to.
    case diceRevealMismatch = "dice-reveal-mismatch"
    case viewsUnfiltered = "views-unfiltered"
    // MARK: Resume
    case resumeTokenNotChecked = "resume-token-not-checked"
    case resumedFlagFalse = "resumed-flag-false"
    case sessionNotReplaced = "session-not-replaced"
    case graceIgnored = "grace-ignored"
    // MARK: Durability
    /// The host sends what a request changed before it is in the journal (D-1 broken): a crash loses
    /// acknowledged moves. Only `.ci/chaos.sh` can see it.
    case writeBehind = "write-behind"
    // MARK: WebSocket (Web)
    case originUnchecked = "origin-unchecked"
    case fragmentsTruncated = "fragments-truncated"

    public static func < (lhs: HostFault, rhs: HostFault) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Set<HostFault> {
    /// Whether a fault is injected; reads as a sentence at the branch.
    @inlinable
    public func has(_ fault: HostFault) -> Bool { self.contains(fault) }
}
