import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs CPU-bound or blocking work (a child process waited for) on a thread of its own, at the lowest
/// scheduling priority, outside Swift's cooperative pool and Dispatch's global queues.
///
/// NB: the pool has one thread per core (two on the project's machines), and on Linux Dispatch's global
/// queues draw on a width of the same size. A test that computes for seconds on either starves every
/// other test that waits on a timer or a socket, and their deadlines pass. The heavy Craps tests compute
/// here, as do the tournament tests (pairings, py4swiss), QR codes and the state-hash fixture, niced to 19
/// so that timed tests (and their child processes) get the cores first, and check the result on the pool.
/// - Parameter work: the computation.
/// - Returns: its result.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread {
            lowestPriority()
            continuation.resume(returning: work())
        }.start()
    }
}

/// ``offThePool(_:)`` for work that throws.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            lowestPriority()
            continuation.resume(with: Result { try work() })
        }.start()
    }
}

private func lowestPriority() {
    #if canImport(Glibc)
        // NB: on Linux the nice value is the calling thread's own (who = 0 names the caller).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
}
