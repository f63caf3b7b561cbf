import GameKit

/// The lobby's time: wall-clock milliseconds since 1970 (``GameTime``), passed in with every event.
///
/// NB: the lobby never reads a clock; the transport passes the time with every event. Wall-clock
/// time, so that a deadline the journal keeps (a game's clock) means the same moment after a restart.
public typealias LobbyTime = GameTime
