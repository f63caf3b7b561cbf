/// How the lobby referees, as values: each is what docs/PROTOCOL.md says a host does, and a broken
/// host of the conformance check (``HostFault``) does otherwise.
///
/// NB: the faults decide here, once; the lobby's code reads these rules and never names a fault.
/// Faults that only change what is sent are applied to the outcome instead (``OutcomeFaults``).
struct Referee: Sendable {
    // MARK: Greeting
    var checksResumeTokens = true
    var validatesNames = true
    var countsNamesInBytes = false
    var namesIgnoreCase = true
    var freesNamesOnDisconnect = false
    var freesForgottenNames = true
    var replacesOlderSessions = true
    var refusesSecondHello = true
    var listsOnlyConnectedPlayers = true
    var paginatesLists = true
    // MARK: Tables
    var refusesUnknownGames = true
    var checksRuleSets = true
    var usesDefaultGrace = true
    var checksGraceRange = true
    var oneTablePerPlayer = true
    var protectsTakenSeats = true
    var sittingStopsWatching = true
    var startsWhenEveryoneIsReady = true
    var leavingResigns = true
    var tellsSpectators = true
    var appliesGracePolicy = true
    // MARK: Matches
    var rotatesFirstMove = true
    var checksTurnBeforeSeq = false
    var checksSeq = true
    var checksTurn = true
    var refusesIllegalMoves = true
    var movesWithdrawDrawOffers = true
    var resignerLoses = true
    var drawNeedsEveryOffer = true
    var spectatorsMayMove = false
    /// Each viewer gets the state and the move as the game's filters show them to that viewer (G-12).
    var filtersViews = true

    /// The documented referee, but for the faults given.
    init(faults: Set<HostFault> = []) {
        guard !faults.isEmpty else { return }
        func not(_ fault: HostFault) -> Bool { !faults.contains(fault) }
        self.checksResumeTokens = not(.resumeTokenNotChecked)
        self.validatesNames = not(.namesNotValidated)
        self.countsNamesInBytes = !not(.namesCountedInBytes)
        self.namesIgnoreCase = not(.namesCaseSensitive)
        self.freesNamesOnDisconnect = !not(.namesFreedOnDisconnect)
        self.freesForgottenNames = not(.namesNeverFreed)
        self.replacesOlderSessions = not(.sessionNotReplaced)
        self.refusesSecondHello = not(.secondHelloIgnored)
        self.listsOnlyConnectedPlayers = not(.playersIncludeDisconnected)
        self.paginatesLists = not(.listsNotPaginated)
        self.refusesUnknownGames = not(.unknownGameAccepted)
        self.checksRuleSets = not(.unknownRuleSetAccepted)
        self.usesDefaultGrace = not(.tableDefaultsWrong)
        self.checksGraceRange = not(.graceNotChecked)
        self.oneTablePerPlayer = not(.doubleSeating)
        self.protectsTakenSeats = not(.seatTheft)
        self.sittingStopsWatching = not(.sitKeepsWatching)
        self.startsWhenEveryoneIsReady = not(.matchStartsEarly)
        self.leavingResigns = not(.leaveDoesNotResign)
        self.tellsSpectators = not(.spectatorsNotTold)
        self.appliesGracePolicy = not(.graceIgnored)
        self.rotatesFirstMove = not(.firstMoveNotAlternating)
        self.checksTurnBeforeSeq = !not(.turnCheckedFirst)
        self.checksSeq = not(.staleSeqAccepted)
        self.checksTurn = not(.acceptOutOfTurn)
        self.refusesIllegalMoves = not(.illegalMovesAccepted)
        self.movesWithdrawDrawOffers = not(.drawOffersKept)
        self.resignerLoses = not(.resignWrongWinner)
        self.drawNeedsEveryOffer = not(.drawNeedsOneOffer)
        self.spectatorsMayMove = !not(.spectatorMayMove)
        self.filtersViews = not(.viewsUnfiltered)
    }
}
