import Dispatch

/// Runs CPU-bound work on a Dispatch thread instead of Swift's cooperative pool.
///
/// NB: the pool has one thread per core (two on the project's machines). A test that computes for
/// seconds on it starves every other test that waits on a timer or a socket, and their deadlines pass.
/// The heavy Craps tests compute here and check the result on the pool.
/// - Parameter work: the computation.
/// - Returns: its result.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
