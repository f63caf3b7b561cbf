import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The trait that keeps computing tests off the cooperative pool does move them.
@Suite("Tests marked .offThePool run niced, off the pool; the others do not")
struct OffThePoolTraitTests {
    /// The nice value of the calling thread.
    static func niceness() -> Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test("a synchronous test with the trait runs at nice 19", .offThePool)
    func synchronousMarked() {
        #expect(Self.niceness() == 19)
    }

    @Test("an asynchronous test with the trait stays niced across a suspension", .offThePool)
    func asynchronousMarked() async {
        await Task.yield()
        #expect(Self.niceness() == 19)
        let inChild = await withTaskGroup(of: Int32.self) { group in
            group.addTask { Self.niceness() }
            return await group.next() ?? -1
        }
        #expect(inChild == 19, "a child task inherits the executor")
    }

    @Test("a test without it runs on the pool, at nice 0")
    func unmarked() {
        #expect(Self.niceness() == 0)
    }
}
