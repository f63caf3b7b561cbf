/// A stable, kebab-case error code carried by an `error` message.
///
/// Codes are part of the protocol: a code once published keeps its meaning. Unknown codes decode
/// fine, so a client built today understands a host of tomorrow well enough to show the message.
public struct ErrorCode: WireString, CustomStringConvertible {
    public let rawValue: String

    /// Creates a code from its wire form.
    /// - Parameter rawValue: the kebab-case code.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { self.rawValue }
}

// MARK: - Framing (always fatal)

extension ErrorCode {
    /// A header announced more bytes than `maxFrame`.
    public static let frameTooLarge = ErrorCode(rawValue: "frame-too-large")
    /// A header announced zero bytes.
    public static let emptyFrame = ErrorCode(rawValue: "empty-frame")
    /// The peer sent an HTTP request to the tcnet port.
    public static let httpNotSupported = ErrorCode(rawValue: "http-not-supported")
    /// A payload is not valid UTF-8.
    public static let invalidUTF8 = ErrorCode(rawValue: "invalid-utf8")
    /// A payload is not JSON as RFC 8259 defines it, or is past the host's JSON limits (nesting, numbers).
    public static let invalidJSON = ErrorCode(rawValue: "invalid-json")
    /// A payload is JSON but not a JSON object.
    public static let notAnObject = ErrorCode(rawValue: "not-an-object")
    /// A payload is a JSON object without a string "type".
    public static let missingType = ErrorCode(rawValue: "missing-type")
}

// MARK: - Handshake

extension ErrorCode {
    /// `hello` asked for a protocol version the host does not speak (fatal).
    public static let unsupportedProtocol = ErrorCode(rawValue: "unsupported-protocol")
    /// A message other than `hello` arrived before the handshake completed (fatal).
    public static let helloRequired = ErrorCode(rawValue: "hello-required")
    /// The player name in `hello` breaks the naming rules (not fatal: send another `hello`).
    public static let invalidName = ErrorCode(rawValue: "invalid-name")
    /// Another connected player already uses that name (not fatal: send another `hello`).
    public static let nameTaken = ErrorCode(rawValue: "name-taken")
    /// The name belongs to a player who is away from a table, whose seat is held for them (not fatal:
    /// that player resumes with their token or seat code; anyone else picks another name).
    public static let nameAway = ErrorCode(rawValue: "name-away")
    /// `hello.seatCode` matches no player this host holds (not fatal; refusals are rate limited).
    public static let badSeatCode = ErrorCode(rawValue: "bad-seat-code")
}

// MARK: - Messages (not fatal)

extension ErrorCode {
    /// The "type" names no message this host knows.
    public static let unknownType = ErrorCode(rawValue: "unknown-type")
    /// A known message whose fields are missing or of the wrong kind.
    public static let invalidMessage = ErrorCode(rawValue: "invalid-message")
    /// A well-formed message that makes no sense in the connection's current state.
    public static let unexpectedMessage = ErrorCode(rawValue: "unexpected-message")
}

// MARK: - Tables and matches (not fatal)

extension ErrorCode {
    /// `hello.resume` names no session this host knows.
    public static let badResumeToken = ErrorCode(rawValue: "bad-resume-token")
    /// The request names a table the host does not have.
    public static let noSuchTable = ErrorCode(rawValue: "no-such-table")
    /// `create-table` names a game the host does not offer.
    public static let noSuchGame = ErrorCode(rawValue: "no-such-game")
    /// `create-table` names a rule set the game does not have.
    public static let noSuchRuleSet = ErrorCode(rawValue: "no-such-rule-set")
    /// A table setting is out of range (e.g. `graceSeconds`, `seats`).
    public static let invalidSetting = ErrorCode(rawValue: "invalid-setting")
    /// `create-table` gives a game option the game does not have, or a value it refuses; see `option`.
    public static let invalidOption = ErrorCode(rawValue: "invalid-option")
    /// `sit` asks for a bot the game does not have.
    public static let noSuchBot = ErrorCode(rawValue: "no-such-bot")
    /// `sit` names a seat that is taken or does not exist, or the table has no free seat.
    public static let seatUnavailable = ErrorCode(rawValue: "seat-unavailable")
    /// The player already sits at a table; leave it first.
    public static let alreadySeated = ErrorCode(rawValue: "already-seated")
    /// The request is for players seated at the table, and this connection holds no seat there.
    public static let notAPlayer = ErrorCode(rawValue: "not-a-player")
    /// The table is not in the state the request needs (e.g. a move while it is waiting).
    public static let notPlaying = ErrorCode(rawValue: "not-playing")
    /// The move's seat does not hold the turn.
    public static let notYourTurn = ErrorCode(rawValue: "not-your-turn")
    /// The move's `seq` is not the current state's; see `expected`.
    public static let staleSeq = ErrorCode(rawValue: "stale-seq")
    /// The rules refuse the move; see `rule`.
    public static let illegalMove = ErrorCode(rawValue: "illegal-move")
}

// MARK: - Tournaments (not fatal)

extension ErrorCode {
    /// A tournament request from a connection that has not shown the teacher's code (`teacher`).
    public static let teacherRequired = ErrorCode(rawValue: "teacher-required")
    /// `teacher` with a wrong code; wrong codes are limited host-wide (`rate-limited` when over).
    public static let badTeacherCode = ErrorCode(rawValue: "bad-teacher-code")
    /// The request names a tournament the host does not have.
    public static let noSuchTournament = ErrorCode(rawValue: "no-such-tournament")
    /// The request names a player the tournament (or the lobby) does not have.
    public static let noSuchEntrant = ErrorCode(rawValue: "no-such-entrant")
    /// The next round has no pairing within the rules; the message lists the teacher's choices.
    public static let noValidPairing = ErrorCode(rawValue: "no-valid-pairing")
    /// The current round still has games without a result.
    public static let resultsPending = ErrorCode(rawValue: "results-pending")
}

// MARK: - Session

extension ErrorCode {
    /// Another connection resumed this session with its token; this one closes (fatal).
    public static let sessionReplaced = ErrorCode(rawValue: "session-replaced")
}

// MARK: - Liveness and limits

extension ErrorCode {
    /// No `hello` within the handshake timeout (fatal).
    public static let helloTimeout = ErrorCode(rawValue: "hello-timeout")
    /// A frame was started and left unfinished for longer than the frame timeout (fatal).
    public static let frameTimeout = ErrorCode(rawValue: "frame-timeout")
    /// Nothing arrived for longer than the idle timeout (fatal).
    public static let idleTimeout = ErrorCode(rawValue: "idle-timeout")
    /// The connection sent messages faster than its rate limit; the message was dropped (not fatal).
    public static let rateLimited = ErrorCode(rawValue: "rate-limited")
    /// The host already has as many connections as it accepts (fatal).
    public static let hostFull = ErrorCode(rawValue: "host-full")
    /// The host cannot write its journal (its disk is full), and the request needs it: nothing was
    /// done; ask again once the host's tables play again (not fatal, L-10).
    public static let diskFull = ErrorCode(rawValue: "disk-full")
    /// The host is stopping (fatal).
    public static let shuttingDown = ErrorCode(rawValue: "shutting-down")
    /// The host failed in a way that is not the client's fault (not fatal).
    public static let internalError = ErrorCode(rawValue: "internal-error")
}

// MARK: - Catalogue

extension ErrorCode {
    /// Every code this implementation sends, with whether it closes the connection.
    ///
    /// NB: docs/PROTOCOL.md lists the same codes; a test keeps the two in step.
    public static let catalogue: [(code: ErrorCode, closesConnection: Bool)] = [
        (.frameTooLarge, true), (.emptyFrame, true), (.httpNotSupported, true), (.invalidUTF8, true),
        (.invalidJSON, true), (.notAnObject, true), (.missingType, true),
        (.unsupportedProtocol, true), (.helloRequired, true), (.invalidName, false), (.nameTaken, false),
        (.nameAway, false), (.badSeatCode, false),
        (.unknownType, false), (.invalidMessage, false), (.unexpectedMessage, false),
        (.helloTimeout, true), (.frameTimeout, true), (.idleTimeout, true), (.rateLimited, false),
        (.hostFull, true), (.diskFull, false), (.shuttingDown, true), (.internalError, false),
        (.badResumeToken, false), (.noSuchTable, false), (.noSuchGame, false), (.noSuchRuleSet, false),
        (.invalidSetting, false), (.invalidOption, false), (.noSuchBot, false), (.seatUnavailable, false),
        (.alreadySeated, false), (.notAPlayer, false),
        (.notPlaying, false), (.notYourTurn, false), (.staleSeq, false), (.illegalMove, false),
        (.sessionReplaced, true),
        (.teacherRequired, false), (.badTeacherCode, false), (.noSuchTournament, false), (.noSuchEntrant, false),
        (.noValidPairing, false), (.resultsPending, false),
    ]
}
