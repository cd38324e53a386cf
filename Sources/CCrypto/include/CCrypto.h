#ifndef CCRYPTO_H
#define CCRYPTO_H

/// OpenSSL's SHA-256 (libcrypto, Debian's libssl3), for the secrets of the server's access
/// tokens, loaded the first time a secret is hashed rather than when a program starts: linked,
/// libcrypto cost every run of `catalog` about a millisecond, commands that never see a token
/// included. The function is libcrypto's own, declared by its header (Debian's libssl-dev) and
/// found with `dlsym` in `libcrypto.so.3`.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes the SHA-256 of the `count` bytes at `bytes` into `digest` (32 bytes) and returns 1; 0
/// when libcrypto cannot be loaded, and then `*error` says why.
int ccrypto_sha256(const void *_Nullable bytes, size_t count, unsigned char *_Nonnull digest,
                   const char *_Nullable *_Nonnull error);

#ifdef __cplusplus
}
#endif

#endif
