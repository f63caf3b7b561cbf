import Foundation
import GRDB
import GameKit
import Lobby

// MARK: - The teachers' content (word lists)

extension HostStore {
    static func registerLibraryMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-library") { db in
            try db.create(table: "library") { table in
                table.column("game", .text).notNull()
                table.column("name", .text).notNull()
                table.column("rows", .text).notNull()
                table.column("importedAt", .integer).notNull()
                table.primaryKey(["game", "name"])
            }
        }
    }

    /// Keeps content under a name, replacing what the name held, in one transaction.
    /// - Parameters:
    ///   - content: the rows (checked by the game's own parser first).
    ///   - game: the game's id.
    ///   - name: the name.
    ///   - importedAt: when, in milliseconds since 1970.
    public func store(_ content: GameContent, game: String, name: String, importedAt: Int64) throws(HostStoreError) {
        do {
            try self.pool.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO library (game, name, rows, importedAt) VALUES (?, ?, ?, ?)",
                    arguments: [game, name, Self.json(content), importedAt])
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot store \(name): \(Self.reason(error))")
        }
    }

    /// The content a name holds for a game.
    public func content(game: String, name: String) throws(HostStoreError) -> GameContent? {
        do {
            return try self.pool.read { db in
                try String.fetchOne(
                    db, sql: "SELECT rows FROM library WHERE game = ? AND name = ?", arguments: [game, name]
                ).map { try Self.decode(GameContent.self, $0) }
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot read \(name): \(Self.reason(error))")
        }
    }

    /// The names held for a game, with how many rows each has and when it was imported, by name.
    public func contentNames(game: String) throws(HostStoreError) -> [(name: String, rows: Int, importedAt: Int64)] {
        do {
            return try self.pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT name, rows, importedAt FROM library WHERE game = ? ORDER BY name",
                    arguments: [game]
                ).map { row in
                    let content = try Self.decode(GameContent.self, row["rows"] as String)
                    return (row["name"], content.rows.count, row["importedAt"])
                }
            }
        } catch {
            throw HostStoreError(folder: self.path, reason: "cannot list the library: \(Self.reason(error))")
        }
    }

    /// The library a lobby reads: this store's content, looked up when a table is created.
    public var library: GameLibrary {
        GameLibrary(
            content: { game, name in try? self.content(game: game, name: name) },
            names: { game in (try? self.contentNames(game: game).map(\.name)) ?? [] })
    }
}
