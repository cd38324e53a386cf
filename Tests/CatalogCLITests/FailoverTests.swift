import CatalogTestSupport
import Foundation
import Testing

/// Writers through a libpq multi-host URI while the primary is lost and its synchronous standby
/// is promoted (DESIGN §17): they find the new primary without restarting, and every write they
/// were told of is there.
@Suite(.enabled(if: PostgreSQLTestServer.shared != nil))
struct FailoverTests {
  @Test func writersGoOnOnThePromotedStandbyAndLoseNoAnsweredWrite() throws {
    let primary = try PostgreSQLTestServer.makePrimary(synchronous: true)
    let standby = try primary.makeStandby()
    let schema = "t_failover"
    let both =
      "postgresql:///\(PostgreSQLTestServer.database)?host=\(primary.directory),"
      + "\(standby.directory)&user=postgres&target_session_attrs=read-write&schema=\(schema)"
    #expect(try primary.psql("SELECT sync_state FROM pg_stat_replication") == ["sync"])
    let runner = try CatalogRunner()
    try runner.write("empty.csv", "id,name\n")
    for writer in 0..<3 {
      let imported = try runner.run(
        ["import", "empty.csv", "-c", "w\(writer)", "--key", "id", "--quiet"], database: both)
      #expect(imported.status == 0, "\(imported.standardError)")
    }
    // Each writer adds to a collection of its own, one process a write, and says of each what
    // it was told: the summary, or the error on one line.
    let writers = try (0..<3).map { writer in
      let process = Process()
      process.executableURL = URL(filePath: "/bin/sh")
      process.arguments = [
        "-c",
        """
        for i in $(seq 0 29); do
          if out=$("$CATALOG" add -c w\(writer) id=w\(writer)-$i name=N$i --format json \
            2>"$ERRORS"); then
            echo "ok w\(writer)-$i $out"
          else
            echo "failed w\(writer)-$i $(tr "\\n" " " < "$ERRORS")"
            sleep 0.1
          fi
        done
        """,
      ]
      process.environment = [
        "PATH": "/usr/bin:/bin", "CATALOG": CatalogRunner.executable.path, "CATALOG_DB": both,
        "ERRORS": runner.directory.path("errors\(writer)"),
      ]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      return (process, output)
    }
    Thread.sleep(forTimeInterval: 1)
    try primary.stop()
    try standby.promote()
    var answered: [(key: String, version: Int)] = []
    var failed: [(key: String, message: String)] = []
    for (process, output) in writers {
      let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(separator: "\n")
      process.waitUntilExit()
      for line in lines {
        let words = line.split(separator: " ", maxSplits: 2)
        if words[0] == "ok", let match = line.firstMatch(of: #/"version":(\d+)/#) {
          answered.append((String(words[1]), Int(match.1)!))
        } else {
          failed.append((String(words[1]), words.count > 2 ? String(words[2]) : ""))
          #expect(
            line.contains("cannot open the catalog") || line.contains("was lost"),
            "\(line)")
        }
      }
      // The writer went on: its last writes, after the promotion, were answered.
      #expect(lines.last?.hasPrefix("ok") == true, "\(lines.suffix(3))")
    }
    print("failover: \(answered.count) writes answered, \(failed.count) failed: \(failed)")
    #expect(answered.count + failed.count == 90)
    #expect(!failed.isEmpty)
    // On the new primary: every answered write, none of those that failed to connect, and one
    // version for each write that is there, consecutive from the imports' on. A write whose
    // connection broke may be there only if it broke while the write was committing, and then
    // it says so (`add` reads nothing once its commit has returned).
    let keys = Set(try standby.psql("SELECT key FROM \(schema).items"))
    #expect(answered.allSatisfy { keys.contains($0.key) })
    for failure in failed where keys.contains(failure.key) {
      #expect(failure.message.contains("it may have been kept or not"), "\(failure)")
    }
    let versions = try standby.psql(
      "SELECT version FROM \(schema).change_sets WHERE group_by = '' ORDER BY version")
    #expect(versions == (1...(3 + keys.count)).map(String.init))
    #expect(Set(answered.map(\.version)).count == answered.count)
    #expect(
      try standby.psql("SELECT version FROM \(schema).catalog_state") == ["\(3 + keys.count)"])
  }
}
