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

  private init() throws {
    guard let binaries = Self.binaries else {
      throw SetupError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")
    }
    directory =
      FileManager.default.temporaryDirectory
      .appending(path: "catalog-postgresql-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let owner = getuid() == 0 ? "postgres" : nil
    if let owner { try Self.run("/usr/bin/chown", [owner, directory]) }
    let data = directory + "/data"
    try Self.run(
      "\(binaries)/initdb",
      ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      as: owner)
    // Only a socket in the cluster's directory; no fsync, as nothing here outlives the tests.
    let options =
      "-k \(directory) -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
      + "-c max_connections=300"
    try Self.run(
      "\(binaries)/pg_ctl",
      ["-D", data, "-o", options, "-l", directory + "/log", "-w", "start"], as: owner)
    let isFirst = stopCommands.withLock {
      $0.append((binaries + "/pg_ctl", ["-D", data, "-m", "immediate", "stop"], owner, directory))
      return $0.count == 1
    }
    if isFirst { atexit { stopTestServers() } }
    try Self.run(
      "\(binaries)/createdb", ["-h", directory, "-U", "postgres", Self.database], as: owner)
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
    guard let binaries = Self.binaries else { return }
    try Self.run(
      binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "stop"],
      as: getuid() == 0 ? "postgres" : nil)
  }

  /// Starts the server again after `stop`.
  public func start() throws {
    guard let binaries = Self.binaries else { return }
    let owner = getuid() == 0 ? "postgres" : nil
    let options =
      "-k \(directory) -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
      + "-c max_connections=300"
    try Self.run(
      "\(binaries)/pg_ctl",
      ["-D", directory + "/data", "-o", options, "-l", directory + "/log", "-w", "start"],
      as: owner)
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
