import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Space the host keeps for itself in its data folder: a file of allocated blocks, given back to the
/// file system when a journal write fails for lack of space, so that the write can be finished and
/// the host can pause its matches cleanly instead of stopping.
///
/// NB: the technique of a "ballast" file, as databases that must not stop on a full disk keep one.
public struct DiskReserve: Sendable {
    /// The reserve's file name inside the data folder.
    public static let fileName = "tcnet.reserve"

    /// The path of the reserve file.
    public let path: String
    /// The reserve's size in bytes.
    public let size: Int64
    /// The room the journal needs beyond the reserve to write again (its write-ahead log's limit).
    public let headroom: Int64

    /// A reserve for a data folder: an eighth of its file system, from 64 KiB to 4 MiB.
    /// - Parameters:
    ///   - folder: the data folder.
    ///   - space: the folder's file system, when known.
    public init(folder: String, space: DiskSpace?) {
        self.path = (folder as NSString).appendingPathComponent(Self.fileName)
        let eighth = (space?.total ?? 0) / 8
        self.size = min(max(eighth, 64 << 10), 4 << 20)
        self.headroom = HostStore.walLimit(for: space)
    }

    /// The free space the host needs to write its journal: the reserve, and the log's room.
    public var needed: Int64 { self.size + self.headroom }

    /// Whether the reserve file is there, at its full size.
    public var isHeld: Bool {
        var info = stat()
        return stat(self.path, &info) == 0 && Int64(info.st_blocks) * 512 >= self.size
    }

    /// Takes the reserve's space from the file system, unless it is held already.
    /// - Returns: whether the reserve is held.
    @discardableResult
    public func hold() -> Bool {
        guard !self.isHeld else { return true }
        let fd = open(self.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        // NB: allocated blocks, not a sparse file: the space must be really taken to be given back.
        let result = posix_fallocate(fd, 0, off_t(self.size))
        close(fd)
        if result != 0 { unlink(self.path) }
        return result == 0
    }

    /// Gives the reserve's space back to the file system.
    public func release() {
        unlink(self.path)
    }
}

/// A file system's size and free space, as `df` shows them.
public struct DiskSpace: Sendable, Equatable {
    /// Bytes an unprivileged process may still write.
    public var free: Int64
    /// The file system's size in bytes.
    public var total: Int64

    /// Creates a figure.
    public init(free: Int64, total: Int64) {
        self.free = free
        self.total = total
    }

    /// The file system that holds `folder`; `nil` when it cannot be read.
    public static func of(_ folder: String) -> DiskSpace? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        let block = Int64(info.f_frsize)
        return DiskSpace(free: Int64(info.f_bavail) * block, total: Int64(info.f_blocks) * block)
    }

    /// A size for people: "512 KB", "3.2 MB", "41 GB".
    public static func describe(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(max(bytes, 0))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) bytes" }
        return value < 10 ? String(format: "%.1f", value) + " \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}
