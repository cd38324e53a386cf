#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic, which Swift cannot call: this takes the options as an array
/// that ends with an MHD_OPTION_END item.
static inline struct MHD_Daemon *catalog_mhd_start_daemon(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *context,
    struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, context, MHD_OPTION_ARRAY, options,
                          MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when asked for port 0); 0 when
/// unknown. MHD_get_daemon_info is variadic too.
static inline uint16_t catalog_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The socket of a connection, or -1 when unknown. MHD_get_connection_info is variadic.
static inline int catalog_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}
