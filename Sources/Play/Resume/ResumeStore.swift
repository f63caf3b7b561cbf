import Foundation
import GameKit
import Protocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `tcnet join` keeps its resume tokens between runs: one file per host and name, readable by
/// its owner only, so a relaunched client (after a crash, a closed window, Ctrl-C) takes its seat
/// back by itself.
///
/// NB: a token is a bearer credential (H-9): the files are created with mode 0600 in a folder of mode
/// 0700, written whole then renamed into place, and nothing here prints or logs a token.
public struct ResumeStore: Sendable {
    /// The folder that holds the token files.
    public let folder: String

    /// A store in a folder.
    /// - Parameter folder: the folder (created on first save).
    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_STATE_HOME/tcnet`, or `~/.local/state/tcnet` (the XDG base directory default).
    /// - Parameter environment: the process's environment.
    public static func defaultFolder(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/tcnet"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/tcnet"
    }

    /// The token kept for a player at a host, if any.
    public func token(host: String, port: Int, name: String) -> ResumeToken? {
        guard let data = FileManager.default.contents(atPath: self.path(host: host, port: port, name: name)),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : ResumeToken(rawValue: token)
    }

    /// Keeps a player's token for a host, replacing the one kept before.
    /// - Throws: ``ResumeStoreError`` when the folder or the file cannot be written.
    public func save(_ token: ResumeToken, host: String, port: Int, name: String) throws {
        try self.makeFolder()
        let path = self.path(host: host, port: port, name: name)
        let temporary = path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ResumeStoreError(path: temporary, errno: errno) }
        // NB: the mode given to open is masked by the umask; fchmod makes it exactly 0600.
        fchmod(descriptor, 0o600)
        let bytes = Array((token.rawValue + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? 0 : errno
        close(descriptor)
        guard failure == 0, rename(temporary, path) == 0 else {
            let code = failure == 0 ? errno : failure
            unlink(temporary)
            throw ResumeStoreError(path: path, errno: code)
        }
    }

    /// Forgets the token of a player at a host.
    public func remove(host: String, port: Int, name: String) {
        unlink(self.path(host: host, port: port, name: name))
    }

    /// The file of a host and name: the host and port as typed, and a digest of the name's
    /// comparison key (names that differ only in case are the same player, H-6).
    func path(host: String, port: Int, name: String) -> String {
        let safeHost = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let key = PlayerName.uniquenessKey((try? PlayerName.validate(name).get()) ?? name)
        let digest = SHA256.hex(of: Array(key.utf8)).prefix(16)
        return "\(self.folder)/\(safeHost)-\(port)-\(digest).token"
    }

    private func makeFolder() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: self.folder, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                atPath: self.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ResumeStoreError(path: self.folder, errno: EACCES)
        }
    }
}

/// The state folder could not be written.
public struct ResumeStoreError: Error, CustomStringConvertible {
    /// The file or folder.
    public let path: String
    /// Why, as the system said it.
    public let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code))
    }

    public var description: String { "cannot keep the resume token in \(self.path): \(self.reason)" }
}
