#ifndef TCNET_LOG_BATCHING_H
#define TCNET_LOG_BATCHING_H

#include <sqlite3.h>

/// Makes SQLite's default file system one that writes each transaction's write-ahead log in one system
/// call: the frames SQLite writes one `pwrite` at a time (a 24-byte header, then the page) are kept in
/// memory and written together, one `pwrite` for each 64 KiB, when the transaction's commit frame is
/// complete, and before anything else is asked of the log (a read, sync, size, truncate, unlock, file
/// control, memory map or close). Every other file, and every other
/// call, goes to the file system that was the default. A write error (a full disk) is reported by the
/// write that completes the commit frame, so SQLite fails the commit as it would have.
///
/// Safe to call more than once and from any thread; returns SQLITE_OK, or SQLite's error when there is
/// no default file system to wrap.
int tcnet_log_batching_install(void);

/// What a connection's log was asked to write, and the system calls that wrote it.
typedef struct TCNetLogBatchingCounts {
    /// Writes SQLite asked for (a frame's header and its page are two).
    long long writes;
    /// Bytes in them.
    long long bytes;
    /// Writes made to the file: one a transaction, or one for each 64 KiB of it.
    long long systemCalls;
} TCNetLogBatchingCounts;

/// The counts of the log of `db`'s main database since the connection opened it (for tests and
/// benchmarks): SQLITE_OK, or SQLITE_NOTFOUND when that log is not batched (not in WAL mode, not open
/// yet, or opened before the batching was installed).
int tcnet_log_batching_counts(sqlite3 *db, TCNetLogBatchingCounts *counts);

#endif
