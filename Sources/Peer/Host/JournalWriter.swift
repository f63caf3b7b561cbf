import Lobby
import Storage

/// Writes the lobby's journal, and keeps the host up when its disk fills (L-10).
///
/// While the host holds its ``DiskReserve`` it writes as usual. A write that fails gives the reserve
/// back and is tried again: the write is finished, the host says the disk is full (the lobby pauses
/// its matches and refuses what would be saved), and checks from then on for room to take its
/// reserve again. Meanwhile only the lobby's own housekeeping writes (a player forgotten, a seat
/// freed at a waiting table); any that fail wait, in order, for the room.
struct JournalWriter {
    /// Whether the journal can be written.
    enum State: Equatable {
        /// Writes go to disk; the reserve is held.
        case writing
        /// The disk is full: entries that could not be written wait here, oldest first.
        case full(pending: [JournalEntry])
    }

    /// What became of a write.
    enum Written {
        /// On disk (while the disk is full too, when there was room for it).
        case written
        /// On disk, on the reserve's space: the disk is full from now on.
        case filled(HostStoreError)
        /// Not on disk yet: waiting for room (the disk is full). Only a lobby that knows the disk is full
        /// may announce what it wrote (it asked nothing that a player sees of it).
        case waiting
        /// Not on disk, even with the reserve given back: the host must not announce it.
        case failed(HostStoreError)
    }

    let store: HostStore
    let reserve: DiskReserve
    private(set) var state: State
    /// The data folder's file system.
    private let space: @Sendable () -> DiskSpace?

    /// A writer for a store; full from the start when the reserve cannot be held.
    init(store: HostStore, space: @escaping @Sendable () -> DiskSpace?) {
        self.store = store
        self.space = space
        self.reserve = DiskReserve(folder: store.folder, space: space())
        self.state = self.reserve.hold() ? .writing : .full(pending: [])
    }

    var isFull: Bool { self.state != .writing }

    /// The data folder's free space, when it can be read.
    var freeSpace: Int64? { self.space()?.free }

    /// Commits one lobby event's entries.
    mutating func write(_ entries: [JournalEntry]) -> Written {
        switch self.state {
        case .writing:
            do {
                try self.store.commit(entries)
                return .written
            } catch {
                self.reserve.release()
                do {
                    try self.store.commit(entries)
                } catch let again {
                    return .failed(again)
                }
                self.state = .full(pending: [])
                return .filled(error)
            }
        case .full(var pending):
            pending += entries
            guard (try? self.store.commit(pending)) != nil else {
                self.state = .full(pending: pending)
                return .waiting
            }
            self.state = .full(pending: [])
            return .written
        }
    }

    /// Checks for room while the disk is full: with the reserve taken again and every waiting entry
    /// written, the journal is writable again.
    /// - Returns: whether the host can write again.
    mutating func recover() -> Bool {
        guard case .full(let pending) = self.state else { return true }
        let wanted = self.reserve.isHeld ? self.reserve.headroom : self.reserve.needed
        guard let free = self.freeSpace, free >= wanted, self.reserve.hold() else { return false }
        if !pending.isEmpty {
            do {
                try self.store.commit(pending)
            } catch {
                return false
            }
        }
        self.state = .writing
        return true
    }
}

/// The data folder's room, as the host found it at start-up.
public struct DiskStatus: Sendable, Equatable {
    /// The free space, when it can be read.
    public var free: Int64?
    /// The space the host keeps in reserve (``DiskReserve``).
    public var reserve: Int64
    /// The free space the host needs to write its journal.
    public var needed: Int64
    /// Whether the host started with its matches paused for lack of room.
    public var full: Bool
}

extension JournalWriter {
    /// The writer's view of the disk.
    var status: DiskStatus {
        DiskStatus(free: self.freeSpace, reserve: self.reserve.size, needed: self.reserve.needed, full: self.isFull)
    }
}
