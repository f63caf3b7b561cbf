/*
 * A malloc counter to LD_PRELOAD under `tcnet bench rules`, which reads it through the symbol
 * tcnet_malloc_count (looked up with dlsym, so the ordinary binary carries no interposer).
 * It counts every allocation call (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
 * and forwards it to glibc's own entry points.
 *
 *   cc -O2 -shared -fPIC -o build/libmalloccount.so malloccount.c
 */
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t allocations;

uint64_t tcnet_malloc_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

static inline void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    count();
    void *p = __libc_memalign(alignment, size);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
