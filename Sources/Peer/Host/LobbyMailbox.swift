import Lobby
import Protocol
import Synchronization

/// The greeted players' messages on their way to the lobby: the connections post them without waiting,
/// and the lobby takes all that arrived since its last turn at once.
///
/// NB: one lobby turn per batch instead of one actor hop per message, and one journal commit for the
/// batch (``LobbyService``): under load many messages arrive while the lobby is busy, and a batch costs
/// little more than one of them. A connection's messages keep their order; messages of different
/// connections keep the order in which they were posted.
final class LobbyMailbox: Sendable {
    /// One message and the connection it came on.
    struct Letter: Sendable {
        /// What a connection posts.
        enum Content: Sendable {
            /// A greeted player's message, for the lobby.
            case message(ClientEnvelope)
            /// The connection's own answer to a message the lobby never sees (an error the session found,
            /// a refusal by the rate limit): sent in its place among the connection's messages.
            case answer(HostEnvelope, closes: Bool)
        }

        let content: Content
        let connection: ConnectionID

        /// The player's message, when the letter holds one.
        var envelope: ClientEnvelope? {
            if case .message(let envelope) = self.content { envelope } else { nil }
        }
    }

    /// What a connection must do after posting.
    enum Posted: Equatable {
        /// The lobby was idle: start its turn.
        case wakeTheLobby
        /// A turn is already due; it takes this letter too.
        case queued
        /// The box holds ``capacity`` letters or more: wait for the lobby's turn before reading on, so a
        /// fast sender cannot make the host queue without bound.
        case full
    }

    private struct State {
        var letters: [Letter] = []
        /// Whether a lobby turn is due (started and not yet taken the letters).
        var turnDue = false
    }

    private let state = Mutex(State())
    /// The letters after which posters wait.
    let capacity: Int

    /// Creates an empty mailbox.
    /// - Parameter capacity: the letters after which posters wait for the lobby.
    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// Posts a message.
    /// - Returns: what the poster must do.
    func post(_ envelope: ClientEnvelope, from connection: ConnectionID) -> Posted {
        self.post(.message(envelope), from: connection)
    }

    /// Posts a message, or an answer the connection gives itself.
    /// - Returns: what the poster must do.
    func post(_ content: Letter.Content, from connection: ConnectionID) -> Posted {
        self.state.withLock { state in
            state.letters.append(Letter(content: content, connection: connection))
            if !state.turnDue {
                state.turnDue = true
                return .wakeTheLobby
            }
            return state.letters.count >= self.capacity ? .full : .queued
        }
    }

    /// Ends the turn when no letter came during it, so that the next one wakes the lobby again; `false`
    /// when letters came, for the turn to take them too.
    ///
    /// NB: under load letters come during every turn. Ended at once, each turn's first newcomer started
    /// another (a task, and a thread of the pool woken to find the lobby still busy).
    func endTurn() -> Bool {
        self.state.withLock { state in
            guard state.letters.isEmpty else { return false }
            state.turnDue = false
            return true
        }
    }

    /// Takes every letter: for a lobby turn started by ``Posted/wakeTheLobby`` (which stays due, and
    /// letters posted meanwhile wait for it, until ``endTurn()``), and for anything else the lobby does,
    /// so that what a connection posted before a later request (a reply, a close, its disconnection)
    /// reaches the lobby first.
    func takeAll() -> [Letter] {
        self.state.withLock { state in
            guard !state.letters.isEmpty else { return [] }
            var letters: [Letter] = []
            swap(&letters, &state.letters)
            state.letters.reserveCapacity(letters.count)
            return letters
        }
    }
}
