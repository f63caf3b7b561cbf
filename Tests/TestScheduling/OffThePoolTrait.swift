import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A trait for suites and tests that compute: their bodies run on ``NicedExecutor/shared`` (threads
/// niced to 19), not on Swift's cooperative pool.
///
/// NB: ``offThePool(_:)`` moves one computation; this moves a whole test, including the synchronous
/// tests and property checks that compute between their awaits. Measured at the start of a full
/// `swift test` on 2 cores, such tests held both of the pool's threads for 11 s: no other test finished
/// before then, and a host test's hello waited longer than its 10 s idle timeout. Timed tests (hosts,
/// sockets, deadlines) must not carry it: their code would run at the lowest priority.
public struct OffThePoolTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(NicedExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Runs the test (each test of the suite) off the cooperative pool, at the lowest priority.
    public static var offThePool: Self { OffThePoolTrait() }
}

/// A task executor of a few threads at the lowest scheduling priority (nice 19), one shared queue.
public final class NicedExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor of ``OffThePoolTrait``: as many threads as cores.
    public static let shared = NicedExecutor(threads: ProcessInfo.processInfo.activeProcessorCount)

    private let condition = NSCondition()
    // NB: guarded by `condition`.
    private var jobs: [UnownedJob] = []

    /// Starts the threads; they live as long as the process.
    public init(threads: Int) {
        for _ in 0..<max(1, threads) {
            let thread = Thread { [self] in self.work() }
            thread.name = "niced-executor"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        self.condition.lock()
        self.jobs.append(job)
        self.condition.signal()
        self.condition.unlock()
    }

    private func work() {
        #if canImport(Glibc)
            // NB: on Linux the nice value is the calling thread's own (who = 0 names the caller).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
        while true {
            self.condition.lock()
            while self.jobs.isEmpty { self.condition.wait() }
            let job = self.jobs.removeFirst()
            self.condition.unlock()
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
