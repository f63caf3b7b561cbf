#ifndef GAMEKIT_DIGEST_H
#define GAMEKIT_DIGEST_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the x86 SHA extensions (and SSSE3 and SSE4.1, which go with them), so that
/// `gamekit_sha256_blocks` may be called. Always 0 on other processors.
int gamekit_sha256_accelerated(void);

/// Compresses `count` whole 64-byte blocks of `data` into the eight words of a SHA-256 state (FIPS 180-4,
/// section 6.2.2), with the processor's SHA instructions. Only when `gamekit_sha256_accelerated()` is 1.
void gamekit_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t count);

#endif
