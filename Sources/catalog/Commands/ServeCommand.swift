import CatalogLocations
import CatalogServer
import CatalogStore
import CatalogTokens
import CommandLineArguments
import Foundation

/// `catalog serve`: the page and the JSON API over HTTP until Ctrl-C or SIGTERM, which stop the
/// server (finishing the requests under way) and exit 0.
struct ServeCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "serve",
    abstract: "Serve the lists as a page and a JSON API over HTTP.",
    discussion: """
      The page at / shows each collection as an indexed list that follows writes as they \
      commit; the JSON API under /api/collections answers with the records that --format json \
      prints, /api/collections/NAME/changes streams each write's change set as Server-Sent \
      Events, and /api/collections/NAME/items takes writes from clients with a token made by \
      'catalog token create NAME --write'. The server listens on 127.0.0.1 unless --host says \
      otherwise; reads need no token there unless --require-token. Stop it with Ctrl-C.
      """,
    exclusiveOptions: [["require-token", "public-reads"]]
  )

  @Option("host", value: "address", help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option("port", value: "port", help: "The TCP port to listen on; 0 lets the system choose.")
  var port: UInt16 = 8750

  @Flag("require-token", help: "Let only clients with a token read, as they must to write.")
  var requiresToken: Bool

  @Flag(
    "public-reads",
    help: "Let anyone who reaches the server read, on any address (--host 0.0.0.0).")
  var hasPublicReads: Bool

  @Flag(
    "edit",
    help: "Make a token to write for this session, revoked when the server stops, and print the "
      + "page's address with it.")
  var isEditing: Bool

  @Option(
    "allow-origin", value: "origin",
    help: "Let pages from this origin (https://app.example) call the API; may be repeated.")
  var allowedOrigins: [String]

  @Option(
    "write-db", value: "uri",
    help: "Send writes to this PostgreSQL catalog, the primary of the standby that --db names "
      + "(a multi-host URI with target_session_attrs=read-write finds the primary after a "
      + "failover).")
  var writeDatabase: String?

  @Option("max-body", value: "bytes", help: "The largest JSON body a write may send.")
  var maxBody = ServerLimits().bodyBytes

  @Option("max-upload", value: "bytes", help: "The largest CSV body a PUT may send.")
  var maxUpload = ServerLimits().uploadBytes

  func run(_ context: CommandContext) throws {
    for origin in allowedOrigins where !Self.isOrigin(origin) {
      throw ValidationError(
        "'\(origin)' is not an origin: expected a scheme and a host, such as "
          + "https://app.example or http://localhost:3000")
    }
    // Blocked before the server's threads start, so that they inherit the mask and the signals
    // reach `sigwait` below.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    let timeout = context.environment["CATALOG_BUSY_TIMEOUT_MS"].flatMap { Int32($0) }
    var limits = ServerLimits()
    limits.bodyBytes = maxBody
    limits.uploadBytes = maxUpload
    let access = AccessPolicy(
      reads: requiresToken ? .needToken : hasPublicReads ? .open : .openOnLoopback,
      allowedOrigins: allowedOrigins)
    let writeLocation = try writeLocation()
    if let writeLocation { try Self.checkStandby(context.catalogAddress, of: writeLocation) }
    // Made before the server starts, so that a catalog that cannot take it fails at once.
    let session = try isEditing ? EditSession(context, writingTo: writeLocation) : nil
    let server: CatalogServer
    do {
      server = try CatalogServer(
        catalog: context.catalogLocation(), host: host, port: port, limits: limits,
        access: access, writeLocation: writeLocation,
        busyTimeoutMilliseconds: timeout ?? Catalog.defaultBusyTimeoutMilliseconds,
        readOnly: context.isReadOnly, notice: { StandardError.line("\($0)…") })
    } catch ServerError.openReadsOffLoopback {
      try? session?.end()
      throw ValidationError(
        "--host \(host) is not a loopback address, and anyone who reaches it could read the "
          + "catalog: add --require-token, or --public-reads if that is meant")
    } catch {
      try? session?.end()
      throw error
    }
    let host = server.host.contains(":") ? "[\(server.host)]" : server.host
    let address = "http://\(host):\(server.port)/"
    StandardError.line(
      "serving \(try context.catalogLocation()) at \(address) (Ctrl-C to stop)")
    if let session {
      StandardError.line(
        "edit the lists at \(address)?token=\(session.secret.text) (its token is revoked when "
          + "the server stops)")
    }
    var received: Int32 = 0
    withExtendedLifetime(server) { _ = sigwait(&stopSignals, &received) }
    try session?.end()
    StandardError.line("stopped")
  }

  /// Where `--write-db` sends writes: a PostgreSQL catalog, as only a standby has a primary.
  func writeLocation() throws -> CatalogLocation? {
    guard let writeDatabase else { return nil }
    let address = CatalogAddress(writeDatabase)
    guard address.isPostgreSQL else {
      throw ValidationError(
        "--write-db takes the PostgreSQL URI of the primary of the standby that --db names, not "
          + "'\(writeDatabase)'")
    }
    return try address.location()
  }

  /// Refuses a `--db` that is not a copy of the catalog `--write-db` names (a file, another
  /// PostgreSQL cluster, or another schema), on which the server's writes would never show.
  static func checkStandby(_ address: CatalogAddress, of writing: CatalogLocation) throws {
    let reading = try address.location()
    guard address.isPostgreSQL else {
      throw NotAStandbyError(standby: reading.description, primary: writing.description)
    }
    let standby = try Catalog(at: reading, creating: false).replicationIdentity()
    let primary = try Catalog(at: writing, creating: false).replicationIdentity()
    guard let primary, let standby, primary != standby else { return }
    throw NotAStandbyError(standby: reading.description, primary: writing.description)
  }

  /// Whether `text` is a web origin: `http` or `https`, `://`, a host and perhaps a port, and
  /// nothing after.
  static func isOrigin(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme, url.host != nil,
      scheme == "http" || scheme == "https", url.path.isEmpty, url.query == nil,
      url.fragment == nil, url.user == nil
    else { return false }
    return true
  }
}

/// The token that `serve --edit` makes for the page it serves: write scope, every collection,
/// revoked when the server stops.
private struct EditSession {
  let name: String
  let secret: TokenSecret
  private let catalog: Catalog

  /// How long a standby may take to replay the page's token before the server gives up.
  static let replaySeconds: TimeInterval = 10

  /// Makes the token in the catalog of `context`, or in `writeLocation`, the primary that
  /// `--write-db` names, when there is one (a standby takes no writes; it replays the token, and
  /// the session begins once it has, as the server checks tokens where it reads).
  init(_ context: CommandContext, writingTo writeLocation: CatalogLocation?) throws {
    catalog =
      try writeLocation.map { try Catalog(at: $0, creating: false) }
      ?? context.openCatalog(creating: false)
    var generator = SystemRandomNumberGenerator()
    name = "serve --edit " + String(generator.next() as UInt32, radix: 16)
    secret = try catalog.createToken(named: name, canWrite: true, collections: nil)
    guard writeLocation != nil else { return }
    let reader = try context.openCatalog(creating: false)
    let deadline = Date().addingTimeInterval(Self.replaySeconds)
    while try reader.token(presenting: secret) == nil {
      guard Date() < deadline else {
        try end()
        throw TokenNotReplayedError(
          standby: try context.catalogLocation().description, seconds: Self.replaySeconds)
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  func end() throws {
    try catalog.revokeToken(named: name)
  }
}

/// `serve --write-db` names the primary of another catalog than `--db`'s.
struct NotAStandbyError: Error, CustomStringConvertible {
  let standby: String
  let primary: String

  var description: String {
    "\(standby) is not a standby of \(primary), which --write-db names (they are on other "
      + "PostgreSQL clusters, or in other schemas): writes there would never show on --db"
  }
}

/// The standby that `serve --edit --write-db` reads did not replay the page's token from the
/// primary: it is far behind, or not a standby of that primary.
struct TokenNotReplayedError: Error, CustomStringConvertible {
  let standby: String
  let seconds: TimeInterval

  var description: String {
    "\(standby) did not show the page's token within \(Int(seconds)) s of its making on the "
      + "primary: is it a standby of the catalog that --write-db names, and replaying?"
  }
}
