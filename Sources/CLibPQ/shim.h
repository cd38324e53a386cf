#include <libpq-fe.h>
#include <poll.h>

/// Waits up to `milliseconds` for the connection's socket to have something to read (a
/// notification, a result); 1 when it has, 0 on timeout, -1 on error. `poll` through a small C
/// function, as Swift cannot name `struct pollfd`'s flags portably.
static inline int clibpq_wait_readable(const PGconn *connection, int milliseconds) {
  struct pollfd descriptor = {PQsocket(connection), POLLIN, 0};
  return poll(&descriptor, 1, milliseconds);
}

/// The SQLSTATE of a failed result, or NULL (`PG_DIAG_SQLSTATE` is a character macro).
static inline const char *clibpq_sqlstate(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The server's primary message of a failed result, without libpq's "ERROR:" prefix.
static inline const char *clibpq_primary_message(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}
