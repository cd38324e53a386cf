// OpenSSL's libcrypto (Debian's libssl-dev), for the SHA-256 of access tokens' secrets.
#include <openssl/sha.h>
