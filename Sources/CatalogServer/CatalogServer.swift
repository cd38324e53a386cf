import CatalogStore

/// `catalog serve`: an HTTP server over one catalog, with the JSON API and the indexed-list page
/// of DESIGN §13, on libmicrohttpd.
///
/// It serves until the value goes away. Each connection has a thread of its own, and each
/// request opens the catalog on that thread, so requests never share a database connection and
/// other processes may write to the catalog meanwhile. A change stream (`/changes`) keeps its
/// connection and thread while it lasts: at most `ServerLimits.streams` at once, each ended
/// when its client hangs up, after `ServerLimits.streamSeconds`, or when the server goes away.
///
/// ```swift
/// let server = try CatalogServer(catalog: .sqlite(path: "catalog.db"), port: 0)
/// print("http://127.0.0.1:\(server.port)/")
/// ```
public final class CatalogServer {
  /// The port the server listens on; the one the system chose when started with port 0.
  public let port: UInt16
  /// The address the server listens on, as given.
  public let host: String
  private let daemon: HTTPDaemon

  /// Opens the catalog once (bringing stale keys up to date, which `notice` is told about), then
  /// listens on `host` and `port`.
  ///
  /// - Parameters:
  ///   - host: an address or host name of this machine; `127.0.0.1` keeps the server local.
  ///   - port: the TCP port, or 0 for one the system chooses.
  ///   - notice: told what the server builds (groupings, index titles, search keys) as queries
  ///     ask for them; called from the request threads.
  /// - Throws: `ServerError.catalog` when the catalog cannot be opened, `.unknownHost` or
  ///   `.cannotListen` when the server cannot listen.
  public init(
    catalog location: CatalogLocation, host: String = "127.0.0.1", port: UInt16 = 8750,
    limits: ServerLimits = ServerLimits(),
    busyTimeoutMilliseconds: Int32 = Catalog.defaultBusyTimeoutMilliseconds,
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ServerError) {
    do throws(CatalogError) {
      let catalog = try Catalog(
        at: location, creating: false,
        configuration: Catalog.Configuration(
          busyTimeoutMilliseconds: busyTimeoutMilliseconds, notice: notice))
      try catalog.rekeyStaleGroupings(notice: notice)
    } catch {
      throw .catalog(error)
    }
    let api = CatalogAPI(
      location: location, busyTimeoutMilliseconds: busyTimeoutMilliseconds, limits: limits,
      notice: notice)
    let router = Router(api: api, limits: limits)
    daemon = try HTTPDaemon(
      address: try SocketAddress(host: host, port: port), limits: limits,
      handler: router.response(to:))
    self.host = host
    self.port = daemon.port
  }
}
