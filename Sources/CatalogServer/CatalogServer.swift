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
  ///   - access: who may read, and which other origins' pages may call the server; writes
  ///     always need a token with write scope.
  ///   - writeLocation: where writes go when reads come from `location`, a standby (DESIGN
  ///     §17): its primary, or a libpq multi-host URI with `target_session_attrs=read-write`
  ///     that finds whichever host is the primary. The item endpoints (their reads too, so that a
  ///     write and what decides it see one server), `Idempotency-Key` and tokens' last use go
  ///     there; lists, search, the change stream and token checks read `location`. Nil: all go
  ///     to `location`.
  ///   - readOnly: whether to open the catalog only for reading (a file this process cannot
  ///     write): queries answer from the keys it stores, writes are refused with 403, and no
  ///     token's use is recorded.
  ///   - notice: told what the server builds (groupings, index titles, search keys) as queries
  ///     ask for them; called from the request threads.
  /// - Throws: `ServerError.catalog` when the catalog cannot be opened, `.openReadsOffLoopback`
  ///   when reads are open on loopback only and `host` is not one, `.unknownHost` or
  ///   `.cannotListen` when the server cannot listen.
  public init(
    catalog location: CatalogLocation, host: String = "127.0.0.1", port: UInt16 = 8750,
    limits: ServerLimits = ServerLimits(), access: AccessPolicy = AccessPolicy(),
    writeLocation: CatalogLocation? = nil,
    busyTimeoutMilliseconds: Int32 = Catalog.defaultBusyTimeoutMilliseconds,
    readOnly: Bool = false, notice: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ServerError) {
    let address = try SocketAddress(host: host, port: port)
    if access.reads == .openOnLoopback && !address.isLoopback {
      throw .openReadsOffLoopback(address: address.description)
    }
    let configuration = Catalog.Configuration(
      busyTimeoutMilliseconds: busyTimeoutMilliseconds, notice: notice, readOnly: readOnly)
    let catalogs: CatalogPool
    let writers: CatalogPool
    do throws(CatalogError) {
      catalogs = try Self.pool(at: location, configuration, rekeying: notice)
      writers =
        try writeLocation.map { (writeLocation) throws(CatalogError) in
          var writing = configuration
          writing.readOnly = false
          return try Self.pool(at: writeLocation, writing, rekeying: notice)
        } ?? catalogs
    } catch {
      throw .catalog(error)
    }
    let router = Router(
      api: CatalogAPI(catalogs: catalogs, limits: limits, notice: notice),
      items: ItemAPI(catalogs: writers),
      history: HistoryAPI(catalogs: catalogs, limits: limits),
      gatekeeper: Gatekeeper(
        policy: access, catalogs: catalogs, uses: TokenUseRecorder(catalogs: writers)),
      crossOrigin: CrossOrigin(allowedOrigins: access.allowedOrigins), limits: limits)
    daemon = try HTTPDaemon(address: address, limits: limits, handler: router.handling(of:))
    self.host = host
    self.port = daemon.port
  }

  /// A pool of catalogs at `location`, opened once now (bringing stale keys up to date, which
  /// `notice` is told about) so that a catalog that cannot be opened fails at once.
  private static func pool(
    at location: CatalogLocation, _ configuration: Catalog.Configuration,
    rekeying notice: (String) -> Void
  ) throws(CatalogError) -> CatalogPool {
    let catalog = try Catalog(at: location, creating: false, configuration: configuration)
    try catalog.rekeyStaleLists(notice: notice)
    return CatalogPool(
      first: catalog, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
      open: { () throws(CatalogError) in
        try Catalog(at: location, creating: false, configuration: configuration)
      })
  }
}
