// SQLite's write-ahead log written a transaction at a time (see include/LogBatching.h).
//
// SQLite appends a transaction's frames to the log one after another (walWriteOneFrame: a 24-byte
// header whose bytes 4-7 hold the database's size on a commit frame and 0 otherwise, then the page),
// then updates the log's index in shared memory, which is what makes the frames visible to readers.
// The frames written before that update are SQLite's alone, so holding them here until the commit
// frame is complete changes nothing any reader sees: the commit frame's write returns only once every
// byte is written, or returns the error, and SQLite then fails the commit as if that write had.

#include "LogBatching.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct BatchedLog {
    sqlite3_file base;
    sqlite3_file *real;
    unsigned char *buffer;
    sqlite3_int64 start;  // the log's offset of buffer[0]
    int used;
    int capacity;
    int commitHeader;  // the last write was a commit frame's header: its page completes the commit
    TCNetLogBatchingCounts counts;
} BatchedLog;

// NB: SQLite's unix file system writes at most 0x1ffff bytes a call, as the low bits of the count
// (seekAndWrite: a count of 128 KiB writes nothing and is reported as a full disk), so a flush writes
// 64 KiB at a time, the largest page SQLite writes itself.
enum { frameHeaderSize = 24, largestWrite = 64 * 1024, firstCapacity = 64 * 1024, largestCapacity = 4 * 1024 * 1024 };

static sqlite3_vfs *realVfs;
static sqlite3_vfs batchingVfs;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static int installCode = SQLITE_OK;

static int flush(BatchedLog *log) {
    int used = log->used;
    log->used = 0;
    for (int done = 0; done < used;) {
        int amount = used - done < largestWrite ? used - done : largestWrite;
        log->counts.systemCalls += 1;
        int code = log->real->pMethods->xWrite(log->real, log->buffer + done, amount, log->start + done);
        if (code != SQLITE_OK) return code;
        done += amount;
    }
    return SQLITE_OK;
}

static int batchClose(sqlite3_file *file) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    int closed = log->real->pMethods->xClose(log->real);
    free(log->buffer);
    log->buffer = NULL;
    log->capacity = 0;
    return code != SQLITE_OK ? code : closed;
}

static int batchRead(sqlite3_file *file, void *data, int amount, sqlite3_int64 offset) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xRead(log->real, data, amount, offset);
}

// Keeps `amount` bytes at `offset`; false when they do not fit (the caller flushes and writes them).
static int keep(BatchedLog *log, const void *data, int amount, sqlite3_int64 offset) {
    if (log->used > 0 && offset != log->start + log->used) return 0;
    int needed = log->used + amount;
    if (needed > log->capacity) {
        if (needed > largestCapacity) return 0;
        int capacity = log->capacity > 0 ? log->capacity : firstCapacity;
        while (capacity < needed) capacity *= 2;
        unsigned char *grown = realloc(log->buffer, (size_t)capacity);
        if (grown == NULL) return 0;
        log->buffer = grown;
        log->capacity = capacity;
    }
    if (log->used == 0) log->start = offset;
    memcpy(log->buffer + log->used, data, (size_t)amount);
    log->used += amount;
    return 1;
}

static int batchWrite(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    BatchedLog *log = (BatchedLog *)file;
    log->counts.writes += 1;
    log->counts.bytes += amount;
    const unsigned char *bytes = data;
    int completesCommit = log->commitHeader;
    log->commitHeader = amount == frameHeaderSize && (bytes[4] | bytes[5] | bytes[6] | bytes[7]) != 0;
    if (!keep(log, data, amount, offset)) {
        int code = flush(log);
        if (code != SQLITE_OK) return code;
        if (!keep(log, data, amount, offset)) {
            // NB: larger than the buffer's most (or no memory for it): written as SQLite asked.
            log->counts.systemCalls += 1;
            code = log->real->pMethods->xWrite(log->real, data, amount, offset);
            if (code != SQLITE_OK) return code;
        }
    }
    return completesCommit ? flush(log) : SQLITE_OK;
}

static int batchTruncate(sqlite3_file *file, sqlite3_int64 size) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xTruncate(log->real, size);
}

static int batchSync(sqlite3_file *file, int flags) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xSync(log->real, flags);
}

static int batchFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xFileSize(log->real, size);
}

static int batchLock(sqlite3_file *file, int lock) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xLock(log->real, lock);
}

static int batchUnlock(sqlite3_file *file, int lock) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    int unlocked = log->real->pMethods->xUnlock(log->real, lock);
    return code != SQLITE_OK ? code : unlocked;
}

static int batchCheckReservedLock(sqlite3_file *file, int *result) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xCheckReservedLock(log->real, result);
}

static int batchFileControl(sqlite3_file *file, int op, void *argument) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xFileControl(log->real, op, argument);
}

static int batchSectorSize(sqlite3_file *file) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xSectorSize(log->real);
}

static int batchDeviceCharacteristics(sqlite3_file *file) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xDeviceCharacteristics(log->real);
}

static int batchShmMap(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xShmMap(log->real, region, size, extend, memory);
}

static int batchShmLock(sqlite3_file *file, int offset, int count, int flags) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xShmLock(log->real, offset, count, flags);
}

static void batchShmBarrier(sqlite3_file *file) {
    BatchedLog *log = (BatchedLog *)file;
    log->real->pMethods->xShmBarrier(log->real);
}

static int batchShmUnmap(sqlite3_file *file, int delete) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xShmUnmap(log->real, delete);
}

static int batchFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page) {
    BatchedLog *log = (BatchedLog *)file;
    int code = flush(log);
    if (code != SQLITE_OK) return code;
    return log->real->pMethods->xFetch(log->real, offset, amount, page);
}

static int batchUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
    BatchedLog *log = (BatchedLog *)file;
    return log->real->pMethods->xUnfetch(log->real, offset, page);
}

#define BATCH_METHODS(version)                                                                             \
    {                                                                                                      \
        version, batchClose, batchRead, batchWrite, batchTruncate, batchSync, batchFileSize, batchLock,   \
            batchUnlock, batchCheckReservedLock, batchFileControl, batchSectorSize,                       \
            batchDeviceCharacteristics, batchShmMap, batchShmLock, batchShmBarrier, batchShmUnmap,        \
            batchFetch, batchUnfetch,                                                                      \
    }

// NB: a log's methods claim the version of the real file's, so SQLite calls only the ones it has
// (shared memory from version 2, memory maps from 3).
static const sqlite3_io_methods batchMethods[3] = {BATCH_METHODS(1), BATCH_METHODS(2), BATCH_METHODS(3)};

static int batchOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    // NB: only the logs are wrapped; every other file is the real file system's, in place.
    if (!(flags & SQLITE_OPEN_WAL)) return realVfs->xOpen(realVfs, name, file, flags, outFlags);
    BatchedLog *log = (BatchedLog *)file;
    memset(log, 0, sizeof(*log));
    log->real = (sqlite3_file *)(log + 1);
    int code = realVfs->xOpen(realVfs, name, log->real, flags, outFlags);
    // NB: no methods, no file: SQLite closes only a file whose open set its methods.
    if (log->real->pMethods != NULL) {
        int version = log->real->pMethods->iVersion;
        log->base.pMethods = &batchMethods[(version < 1 ? 1 : version > 3 ? 3 : version) - 1];
    }
    return code;
}

static void install(void) {
    realVfs = sqlite3_vfs_find(NULL);
    if (realVfs == NULL) {
        installCode = SQLITE_ERROR;
        return;
    }
    batchingVfs = *realVfs;
    batchingVfs.pNext = NULL;
    batchingVfs.zName = "tcnet-log-batching";
    int wrapped = (int)sizeof(BatchedLog) + realVfs->szOsFile;
    batchingVfs.szOsFile = wrapped > realVfs->szOsFile ? wrapped : realVfs->szOsFile;
    batchingVfs.xOpen = batchOpen;
    installCode = sqlite3_vfs_register(&batchingVfs, 1);
}

int tcnet_log_batching_install(void) {
    pthread_once(&installed, install);
    return installCode;
}

int tcnet_log_batching_counts(sqlite3 *db, TCNetLogBatchingCounts *counts) {
    sqlite3_file *file = NULL;
    int code = sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file);
    if (code != SQLITE_OK) return code;
    if (file == NULL || file->pMethods == NULL) return SQLITE_NOTFOUND;
    if (file->pMethods < batchMethods || file->pMethods >= batchMethods + 3) return SQLITE_NOTFOUND;
    *counts = ((BatchedLog *)file)->counts;
    return SQLITE_OK;
}
