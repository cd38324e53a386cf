import CatalogTestSupport
import Foundation
import Testing

/// Catalogs on a full disk and catalogs another user cannot write: each says so in a sentence
/// with the path. These need root, to mount a small tmpfs and to run `catalog` as `nobody`
/// (uid 65534) with `setpriv`; they are skipped otherwise.
@Suite(.enabled(if: getuid() == 0, "needs root to mount a tmpfs and to run as another user"))
struct FileAccessTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("cities.csv", "name,state\nAustin,Texas\nBoston,Massachusetts\n")
  }

  /// Runs `catalog ARGUMENTS` as `nobody`, in the runner's directory.
  func runAsNobody(_ arguments: [String]) throws -> FinishedProcess {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/setpriv")
    process.arguments =
      ["--reuid=65534", "--regid=65534", "--clear-groups", CatalogRunner.executable.path]
      + arguments
    process.currentDirectoryURL = runner.directory.url
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"]
    return try FinishedProcess(running: process)
  }

  /// A directory in the runner's, owned by root and readable by all: `nobody` can read the
  /// files in it and not write there.
  func sharedDirectory(_ name: String) throws -> String {
    let path = runner.directory.path(name)
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    return path
  }

  @Test func aFullDiskLeavesTheCatalogUnchanged() throws {
    let mountPoint = runner.directory.path("small")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
    guard try Self.shell("/usr/bin/mount", "-t", "tmpfs", "-o", "size=640k", "tmpfs", mountPoint)
    else { try Test.cancel("tmpfs cannot be mounted here") }
    defer { _ = try? Self.shell("/usr/bin/umount", mountPoint) }
    let catalog = mountPoint + "/catalog.db"
    #expect(try runner.run(["import", "cities.csv", "--quiet"], database: catalog).status == 0)
    let rows = (0..<20_000).map { "Town \($0),State \($0 % 50)\n" }.joined()
    try runner.write("towns.csv", "name,state\n" + rows)
    let before = try runner.run(["list", "--format", "json"], database: catalog).standardOutput

    let result = try runner.run(["import", "towns.csv", "--group-by", "state"], database: catalog)
    #expect(result.status == 1)
    #expect(
      result.standardError == "Error: the disk is full; the catalog \(catalog) is unchanged\n")
    let verbose = try runner.run(["import", "towns.csv", "--verbose"], database: catalog)
    let lines = verbose.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "Error: the disk is full; the catalog \(catalog) is unchanged")
    #expect(lines.dropFirst().first == "  SQLite error 13 (SQLITE_FULL): database or disk is full")
    #expect(lines.last?.hasPrefix("  in: ") == true)

    #expect(
      try runner.run(["list", "--format", "json"], database: catalog).standardOutput == before)
    #expect(try TestCatalog.sqlite3(path: catalog, "PRAGMA integrity_check") == ["ok"])
  }

  /// A catalog file `nobody` may not write, in a directory `nobody` may write (where SQLite can
  /// make the `-wal` and `-shm` files it reads through): reads work, writes are refused.
  @Test func aReadOnlyFileCanBeReadNotWritten() throws {
    let directory = runner.directory.path("open")
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
    let catalog = directory + "/catalog.db"
    #expect(try runner.run(["import", "cities.csv", "--quiet"], database: catalog).status == 0)

    let read = try runAsNobody(["--db", catalog, "list"])
    #expect(read.status == 0, "\(read.standardError)")
    #expect(read.outputLines == ["A", "  Austin", "B", "  Boston"])
    let write = try runAsNobody(["--db", catalog, "add", "name=Chicago"])
    #expect(write.status == 1)
    #expect(
      write.standardError == "Error: the catalog \(catalog) is read-only; nothing was changed\n")
    let verbose = try runAsNobody(["--db", catalog, "--verbose", "add", "name=Chicago"])
    #expect(
      verbose.standardError.split(separator: "\n").dropFirst().first
        == "  SQLite error 8 (SQLITE_READONLY): attempt to write a readonly database")
  }

  /// The catalog and its directory are root's: SQLite cannot make the `-shm` file that reading a
  /// WAL catalog needs, so today even reads fail, with the read-only message. DESIGN §11 wants
  /// those reads to work (the store opening such a file read-only, or immutable).
  @Test func aCatalogInAReadOnlyDirectory() throws {
    let directory = try sharedDirectory("shipped")
    let catalog = directory + "/catalog.db"
    #expect(try runner.run(["import", "cities.csv", "--quiet"], database: catalog).status == 0)

    let write = try runAsNobody(["--db", catalog, "import", "cities.csv", "-c", "towns"])
    #expect(write.status == 1)
    #expect(write.standardError.hasPrefix("Error: the catalog \(catalog) is read-only"))
    #expect(write.standardError.hasSuffix("; nothing was changed\n"))
    #expect(write.standardError.split(separator: "\n").count == 1)
    let read = try runAsNobody(["--db", catalog, "list"])
    #expect(read.standardError == "")
    #expect(read.outputLines == ["A", "  Austin", "B", "  Boston"])
  }

  @Test func aFileThatCannotBeReadOrCreated() throws {
    let directory = try sharedDirectory("private")
    let secret = directory + "/secret.db"
    #expect(try runner.run(["import", "cities.csv", "--quiet"], database: secret).status == 0)
    #expect(chmod(secret, 0o600) == 0)
    let unreadable = try runAsNobody(["--db", secret, "list"])
    #expect(unreadable.status == 1)
    #expect(
      unreadable.standardError
        == "Error: cannot open the catalog \(secret): no permission to read it\n")

    let new = directory + "/new.db"
    let uncreatable = try runAsNobody(["--db", new, "import", "cities.csv"])
    #expect(uncreatable.status == 1)
    #expect(
      uncreatable.standardError
        == "Error: cannot create the catalog \(new): no permission to write in \(directory)\n")
    #expect(!FileManager.default.fileExists(atPath: new))
  }

  /// Runs a program and says whether it exited with status 0.
  private static func shell(_ program: String, _ arguments: String...) throws -> Bool {
    let process = Process()
    process.executableURL = URL(filePath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
