import ArgumentParser
import Foundation
import Peer

#if canImport(Glibc)
    import Glibc
#endif

/// A `tcnet host` that `tcnet bench net` starts as its own child process, on loopback, with a
/// temporary data folder, and stops when the load is over.
///
/// NB: a child process rather than a host in the same process, so the host's memory (VmHWM) and CPU
/// are its own and the load generator's work does not blur them.
final class BenchNetHost {
    /// The port the child listens on.
    let port: Int
    private let process: Process
    private let folder: URL

    private init(port: Int, process: Process, folder: URL) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// The host a benchmark measures: the one `--target` names, or else a child started for it.
    /// - Parameters:
    ///   - given: `--target`, if the command was given one.
    ///   - maxConnections: the connections a started host must accept.
    ///   - everyCore: start the host with `--every-core`.
    /// - Returns: the child (`nil` for a given host) and where to connect.
    static func target(
        _ given: String?, maxConnections: Int, everyCore: Bool = false
    ) async throws -> (child: BenchNetHost?, target: LoadTarget) {
        if let text = given, let target = LoadTarget.parse(text) { return (nil, target) }
        let started = try await Self.start(maxConnections: maxConnections, everyCore: everyCore)
        return (started, LoadTarget(host: "127.0.0.1", port: started.port))
    }

    /// Refuses `--every-core` with `--target`: the flag is for the host a benchmark starts itself.
    static func check(everyCore: Bool, target: String?) throws {
        guard everyCore, target != nil else { return }
        throw ValidationError("--every-core goes with the host this command starts; start yours with it instead")
    }

    /// Starts `tcnet host` (this very executable) on 127.0.0.1 and a free port, and waits until it listens.
    /// - Parameters:
    ///   - maxConnections: the connections the host must accept.
    ///   - everyCore: start it with `--every-core`.
    /// - Returns: the running host.
    /// - Throws: ``CommandFailure`` when it cannot start; the folder is removed then.
    static func start(maxConnections: Int, everyCore: Bool = false) async throws -> BenchNetHost {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-bench-\(UUID().uuidString)")
        let log = folder.appendingPathComponent("host.log")
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = URL(
                fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            process.arguments = [
                "host", "--bind", "127.0.0.1", "--port", "0", "--data", folder.path, "--name", "tcnet bench",
                "--rate-limit", "1000000/1000000", "--max-connections", "\(maxConnections)", "--log-level", "info",
                "--no-advertise",
            ] + (everyCore ? ["--every-core"] : [])
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw CommandFailure("cannot start a host: \(error)")
        }
        let host: BenchNetHost
        do {
            host = BenchNetHost(port: try await Self.listeningPort(process, log: log), process: process, folder: folder)
        } catch {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return host
    }

    /// Waits for the child's "listening" line and reads its port from it.
    ///
    /// NB: that line only: the web side logs its own `port=`, sometimes first.
    private static func listeningPort(_ process: Process, log: URL) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasSuffix("[Peer] listening") }),
                let range = line.range(of: #"port=(\d+)"#, options: .regularExpression),
                let port = Int(line[range].dropFirst("port=".count))
            {
                return port
            }
            guard process.isRunning else {
                let last =
                    text.split(separator: "\n").last.map(String.init)
                    ?? "it exited with status \(process.terminationStatus)"
                throw CommandFailure("the host did not start: \(last)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw CommandFailure("the host did not start listening within 20 s")
    }

    /// The child's process id.
    var processIdentifier: Int32 { self.process.processIdentifier }

    /// The child's peak resident set size (VmHWM in /proc/PID/status), in KiB.
    var peakResidentKiB: Int? { self.status("VmHWM") }

    /// The child's resident set size now (VmRSS in /proc/PID/status), in KiB.
    var residentKiB: Int? { self.status("VmRSS") }

    /// A figure in KiB from /proc/PID/status.
    private func status(_ field: String) -> Int? {
        guard
            let status = try? String(contentsOfFile: "/proc/\(self.process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return Int(
            line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }

    /// Stops the child with SIGTERM (SIGKILL after 10 s) and removes its data folder.
    func stop() async {
        if self.process.isRunning { self.process.terminate() }
        let deadline = ContinuousClock.now + .seconds(10)
        while self.process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if self.process.isRunning { kill(self.process.processIdentifier, SIGKILL) }
        self.process.waitUntilExit()
        try? FileManager.default.removeItem(at: self.folder)
    }
}

/// Raises this process's limit on open files (children inherit it) so a load's sockets fit.
enum OpenFileLimit {
    /// Raises the soft limit to at least `needed`, up to the hard limit.
    /// - Throws: ``CommandFailure`` when the hard limit is lower than `needed`.
    static func raise(to needed: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        guard limit.rlim_cur < rlim_t(needed) else { return }
        guard limit.rlim_max >= rlim_t(needed) else {
            throw CommandFailure(
                "this load needs \(needed) open files, but the limit is \(limit.rlim_max); "
                    + "raise it (ulimit -Hn) or pass fewer --matches")
        }
        limit.rlim_cur = rlim_t(needed)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw CommandFailure("cannot raise the open-file limit to \(needed): errno \(errno)")
        }
    }
}
