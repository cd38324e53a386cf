#include "CCrypto.h"

#include <dlfcn.h>
#include <openssl/sha.h>
#include <pthread.h>

static __typeof__(SHA256) *sha256;
static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = dlerror();
    return;
  }
  if ((*(void **)&sha256 = dlsym(library, "SHA256")) == NULL) {
    load_error = "libcrypto.so.3 lacks SHA256";
  }
}

int ccrypto_sha256(const void *bytes, size_t count, unsigned char *digest, const char **error) {
  pthread_once(&load_once, load);
  if (sha256 == NULL) {
    *error = load_error;
    return 0;
  }
  sha256(bytes, count, digest);
  return 1;
}
