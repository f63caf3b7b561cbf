/// Where the rules engine reports what happens during a move.
///
/// NB: the engine is generic over its sink so that there is one implementation of the rules. With
/// ``NoEvents`` the specialised engine never even builds the events (the argument is an autoclosure),
/// which keeps search and playouts free of allocations.
protocol GameEventSink {
    /// Notes one event, in order.
    mutating func record(_ event: @autoclosure () -> GameEvent)
}

/// Keeps every event, for ``GameState/apply(_:)``.
struct EventList: GameEventSink {
    /// NB: room for a typical sowing's events, so the list is not grown a few times per move.
    var events: [GameEvent] = {
        var events: [GameEvent] = []
        events.reserveCapacity(32)
        return events
    }()

    mutating func record(_ event: @autoclosure () -> GameEvent) {
        events.append(event())
    }
}

/// Drops every event, for ``GameState/play(_:)``.
struct NoEvents: GameEventSink {
    @inline(__always)
    mutating func record(_ event: @autoclosure () -> GameEvent) {}
}
