import GameKit
import Peer
import Protocol

/// A ``SeatPlayer`` of some game, for a driver that learns the game only from the table it sits at.
protocol SeatBot: Sendable {
    mutating func receive(_ envelope: HostEnvelope) -> SeatPlayerAction
    mutating func reconnected()
}

/// What a seat's bot wants done (``SeatPlayer/Action`` without the game).
enum SeatPlayerAction: Sendable, Equatable {
    case wait
    case send(ClientMessage)
    case finished(MatchResult)
}

extension SeatPlayer: SeatBot {
    mutating func receive(_ envelope: HostEnvelope) -> SeatPlayerAction {
        switch self.receive(envelope) as Action {
        case .wait: .wait
        case .send(let message): .send(message)
        case .finished(let result): .finished(result)
        }
    }
}

/// The games a headless client can play, by id.
public struct BotCatalog: Sendable {
    private let games: [String: any Game.Type]

    /// Creates a catalogue.
    public init(_ games: [any Game.Type]) {
        self.games = Dictionary(uniqueKeysWithValues: games.map { ($0.descriptor.id, $0) })
    }

    /// The game with this id.
    public func descriptor(_ id: String) -> GameDescriptor? { self.games[id]?.descriptor }

    func player(game id: String, table: TableID, seat: SeatName, bot: String, seed: UInt64) -> (any SeatBot)? {
        self.games[id].map { Self.player($0, table: table, seat: seat, bot: bot, seed: seed) }
    }

    private static func player<G: Game>(
        _: G.Type, table: TableID, seat: SeatName, bot: String, seed: UInt64
    ) -> any SeatBot {
        SeatPlayer<G>(table: table, seat: seat, bot: bot, seed: seed)
    }
}
