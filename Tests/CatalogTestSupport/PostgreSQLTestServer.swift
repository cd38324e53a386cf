import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster for the tests (DESIGN §14): made with `initdb` in a temporary
/// directory the first time a test asks for it, listening on a Unix socket there only, run as the
/// `postgres` user when the tests run as root (PostgreSQL refuses to run as root), and stopped and
/// deleted when the test process exits.
///
/// Where PostgreSQL is not installed, `shared` is nil and the PostgreSQL tests are skipped, with
/// one line on standard error that says so.
public final class PostgreSQLTestServer: Sendable {
  /// The directory that holds the cluster and its socket.
  public let directory: String
  /// The database the tests' catalogs are made in, one schema each.
  public static let database = "catalog_tests"

  /// The cluster, started on first use; nil where PostgreSQL is missing or would not start.
  public static let shared: PostgreSQLTestServer? = {
    do {
      return try PostgreSQLTestServer()
    } catch {
      FileHandle.standardError.write(
        Data("PostgreSQL tests skipped: \(error)\n".utf8))
      return nil
    }
  }()

  /// A primary and a streaming hot standby of it (`makeStandby`), started on first use, for
  /// the tests of reads on a standby (DESIGN §17); nil where PostgreSQL is missing or would not
  /// start (the shared server's line says so). Tests that promote or stop one make their own.
  public static let replicated: (primary: PostgreSQLTestServer, standby: PostgreSQLTestServer)? = {
    guard shared != nil else { return nil }
    do {
      let primary = try makePrimary(synchronous: false)
      return (primary, try primary.makeStandby())
    } catch {
      FileHandle.standardError.write(Data("PostgreSQL standby tests skipped: \(error)\n".utf8))
      return nil
    }
  }()

  /// The directory of PostgreSQL's server programs (`initdb`, `pg_ctl`, `postgres`), if installed.
  static var binaries: String? {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let newest = versions.compactMap(Int.init).sorted().last.map { "\(root)/\($0)/bin" }
    return newest.flatMap {
      FileManager.default.isExecutableFile(atPath: "\($0)/initdb") ? $0 : nil
    }
  }

  /// A cluster of its own, for a test that stops and starts its server (the shared one serves
  /// tests that run at the same time); stopped when the process exits, like the shared one.
  public static func makePrivate() throws -> PostgreSQLTestServer {
    try PostgreSQLTestServer()
  }

  /// A primary of its own for a streaming standby (`makeStandby`): with `synchronous`, once it
  /// has a standby a commit waits until the standby has the write on disk
  /// (`synchronous_standby_names = '*'`), so that every write answered survives the primary's
  /// loss; otherwise commits do not wait, as the shared server's do not.
  public static func makePrimary(synchronous: Bool) throws -> PostgreSQLTestServer {
    try PostgreSQLTestServer(
      settings: synchronous ? "-c synchronous_commit=on" : Self.defaultSettings)
  }

  /// The settings of a server whose commits do not wait for their WAL to reach the disk.
  static let defaultSettings = "-c synchronous_commit=off"

  /// The server programs' directory.
  let binaries: String
  /// The user the server runs as: `postgres` when the tests run as root, else the tests' own.
  let owner: String?
  /// The settings it runs with beyond a socket of its own and no fsync.
  let settings: String

  private init(settings: String = PostgreSQLTestServer.defaultSettings) throws {
    guard let binaries = Self.binaries else {
      throw SetupError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")
    }
    self.binaries = binaries
    self.settings = settings
    owner = getuid() == 0 ? "postgres" : nil
    directory = try Self.makeDirectory(owner: owner)
    try Self.run(
      "\(binaries)/initdb",
      [
        "-D", directory + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C",
        "--no-sync",
      ],
      as: owner)
    try start()
    registerStop()
    try Self.run(
      "\(binaries)/createdb", ["-h", directory, "-U", "postgres", Self.database], as: owner)
  }

  /// A hot standby of `primary`: a copy taken with `pg_basebackup -R` through a replication slot
  /// of its own (so the primary keeps the WAL it has not replayed), which then streams and
  /// replays the primary's writes and answers reads. With `hot_standby_feedback`, as a standby
  /// that serves a catalog needs: the primary then keeps the row versions that the standby's
  /// open snapshots (a list's) still read, instead of removing them and having the standby's
  /// replay wait for those readers up to `max_standby_streaming_delay` (30 s), then cancel them.
  private init(standbyOf primary: PostgreSQLTestServer) throws {
    binaries = primary.binaries
    owner = primary.owner
    settings = Self.defaultSettings + " -c hot_standby_feedback=on"
    directory = try Self.makeDirectory(owner: owner)
    let slot = "standby_" + UUID().uuidString.prefix(8).lowercased()
    try Self.run(
      "\(binaries)/pg_basebackup",
      [
        "-h", primary.directory, "-U", "postgres", "-D", directory + "/data", "-R", "-C", "-S",
        slot, "--checkpoint=fast", "--no-sync",
      ],
      as: owner)
    try start()
    registerStop()
  }

  /// A streaming hot standby of this server, started; a synchronous one when this server's
  /// commits wait for one (`makePrimary(synchronous: true)`), which they do from now on (before,
  /// with no standby to wait for, they would wait forever).
  public func makeStandby() throws -> PostgreSQLTestServer {
    let standby = try PostgreSQLTestServer(standbyOf: self)
    if settings.contains("synchronous_commit=on") {
      try psql("ALTER SYSTEM SET synchronous_standby_names = '*'")
      try psql("SELECT pg_reload_conf()")
      // Until the standby streams and the setting is read, commits do not wait for it.
      let deadline = Date() + 10
      while try psql("SELECT sync_state FROM pg_stat_replication") != ["sync"] {
        guard Date() < deadline else { throw SetupError("the standby did not become synchronous") }
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    return standby
  }

  /// A new directory for a cluster, owned by `owner`.
  private static func makeDirectory(owner: String?) throws -> String {
    let directory =
      FileManager.default.temporaryDirectory
      .appending(path: "catalog-postgresql-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    if let owner { try Self.run("/usr/bin/chown", [owner, directory]) }
    return directory
  }

  /// Has the server stopped and its directory deleted when the process exits.
  private func registerStop() {
    let isFirst = stopCommands.withLock {
      $0.append(
        (
          binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "stop"], owner,
          directory
        ))
      return $0.count == 1
    }
    if isFirst { atexit { stopTestServers() } }
  }

  /// A URI for a catalog of its own, in a new schema of the tests' database.
  public func newCatalogURI() -> String {
    "postgresql:///\(Self.database)?host=\(directory)&user=postgres&schema=t_"
      + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
  }

  /// The URI of the tests' database as `user`, in the schema `schema`.
  public func uri(user: String = "postgres", schema: String) -> String {
    "postgresql:///\(Self.database)?host=\(directory)&user=\(user)&schema=\(schema)"
  }

  /// Runs SQL as the superuser with `psql`, and returns its output lines (unaligned, no headers).
  @discardableResult
  public func psql(_ sql: String) throws -> [String] {
    guard let binaries = Self.binaries else { return [] }
    let output = try Self.run(
      "\(binaries)/psql",
      [
        "-h", directory, "-U", "postgres", "-d", Self.database, "-X", "-A", "-t", "-q",
        "-v", "ON_ERROR_STOP=1", "-c", sql,
      ])
    return output.split(separator: "\n").map(String.init)
  }

  /// Stops the server at once (as a crash or an operator would), for fault tests; `start`
  /// brings it back.
  public func stop() throws {
    try Self.run(
      binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "stop"], as: owner)
  }

  /// Starts the server, again after `stop`: on a socket in its directory only, without fsync
  /// (nothing here outlives the tests), with its `settings`.
  public func start() throws {
    let options =
      "-k \(directory) -c listen_addresses='' -c fsync=off -c max_connections=300 \(settings)"
    try Self.run(
      "\(binaries)/pg_ctl",
      ["-D", directory + "/data", "-o", options, "-l", directory + "/log", "-w", "start"],
      as: owner)
  }

  // MARK: - Replication

  /// Promotes this standby to a primary, and waits until it takes writes.
  public func promote() throws {
    try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-w", "promote"], as: owner)
  }

  /// Waits until `standby` has replayed every write this server has made so far (up to 10 s).
  public func waitUntilReplayed(by standby: PostgreSQLTestServer) throws {
    // Where the next record goes: past every commit so far, those not yet written out of the
    // WAL buffers included (commits here do not wait for that). When the last record ended a WAL
    // page, that is past the next page's header (24 bytes; 40 opening a segment), which no record
    // fills yet: the standby replays up to the page's end, not past that header.
    let insert = try Self.lsn(try psql("SELECT pg_current_wal_insert_lsn()")[0])
    let header: UInt64 = insert % (16 << 20) == 40 ? 40 : insert % 8192 == 24 ? 24 : 0
    let end = insert - header
    let position =
      String(end >> 32, radix: 16, uppercase: true) + "/"
      + String(end & 0xFFFF_FFFF, radix: 16, uppercase: true)
    let deadline = Date() + 10
    while try standby.psql("SELECT pg_last_wal_replay_lsn() >= '\(position)'") != ["t"] {
      guard Date() < deadline else {
        let log = (try? String(contentsOfFile: standby.directory + "/log", encoding: .utf8)) ?? ""
        throw SetupError(
          "the standby did not replay up to \(position) within 10 s: it replayed "
            + "\((try? standby.psql("SELECT pg_last_wal_replay_lsn()")) ?? []); its log ends: "
            + log.split(separator: "\n").suffix(5).joined(separator: "\n"))
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  /// A WAL position as PostgreSQL spells it, `HIGH/LOW` in hexadecimal, as a number.
  static func lsn(_ text: String) throws -> UInt64 {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let high = UInt64(parts[0], radix: 16),
      let low = UInt64(parts[1], radix: 16)
    else { throw SetupError("'\(text)' is not a WAL position") }
    return high << 32 | low
  }

  struct SetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// Runs a program (as `user`, through `runuser`, when given) and returns its standard output.
  ///
  /// Spawned and waited for directly, its output in files: `pg_ctl start` leaves the server
  /// running with whatever it was given, so pipes would never reach their end, and Foundation's
  /// `Process` did not see such a child end.
  @discardableResult
  static func run(_ path: String, _ arguments: [String], as user: String? = nil) throws -> String {
    let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--", path] } ?? [path]
    let outputPath = FileManager.default.temporaryDirectory
      .appending(path: "catalog-pg-\(UUID().uuidString)").path
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: outputPath + ".err")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(
      &actions, 2, outputPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    guard posix_spawn(&child, command[0], &actions, nil, argv, environ) == 0 else {
      throw SetupError("cannot run \(command[0])")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let errors = (try? String(contentsOfFile: outputPath + ".err", encoding: .utf8)) ?? ""
      throw SetupError(
        "\((path as NSString).lastPathComponent) failed: "
          + errors.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return output
  }
}

/// How to stop the clusters when the process exits: `atexit` takes a C function, which cannot
/// capture, so the commands wait here.
private let stopCommands = Mutex<
  [(path: String, arguments: [String], owner: String?, directory: String)]
>([])

private func stopTestServers() {
  for command in stopCommands.withLock({ $0 }) {
    _ = try? PostgreSQLTestServer.run(command.path, command.arguments, as: command.owner)
    try? FileManager.default.removeItem(atPath: command.directory)
  }
}
