import CatalogTestSupport
import Foundation
import Testing

/// `catalog token create|list|revoke` (DESIGN §15), end to end: a secret printed once, never
/// listed or stored, and the errors a user can reach.
struct TokenCommandTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("people.csv", "name\nAda\n")
    #expect(try runner.run(["import", "people.csv", "--quiet"]).status == 0)
  }

  /// The secret `token create ARGUMENTS` prints, after checking that it is one.
  func create(_ arguments: [String]) throws -> String {
    let result = try runner.run(["token", "create"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let secret = result.standardOutput.trimmingCharacters(in: .newlines)
    #expect(secret.wholeMatch(of: /ctk_[A-Za-z0-9_-]{43}/) != nil)
    #expect(result.standardOutput == secret + "\n")
    return secret
  }

  @Test func createPrintsTheSecretOnceAndSaysWhatTheTokenMayDo() throws {
    let result = try runner.run(["token", "create", "ci", "--write"])
    #expect(
      result.standardError
        == "created token 'ci': it reads and writes every collection; its secret is shown "
        + "only this once\n")
    let scoped = try runner.run(["token", "create", "page", "-c", "people", "-c", "places"])
    #expect(
      scoped.standardError
        == "created token 'page': it reads the collections people, places; its secret is "
        + "shown only this once\nnote: the catalog has no collection 'places' yet\n")
    #expect(result.standardOutput != scoped.standardOutput)
  }

  @Test func listShowsEveryTokenAndNoSecret() throws {
    let secrets = [
      try create(["ci", "--write"]), try create(["page", "-c", "people", "-c", "places"]),
    ]
    let table = try runner.run(["token", "list"])
    #expect(table.status == 0)
    let lines = table.outputLines
    #expect(lines.count == 3)
    #expect(
      lines[0].split(separator: " ", omittingEmptySubsequences: true) == [
        "name", "write", "collections", "created_at", "last_used_at",
      ])
    #expect(lines[1].hasPrefix("ci    true   all            20"))
    #expect(lines[2].hasPrefix("page  false  people places  20"))
    let csv = try runner.run(["token", "list", "--format", "csv"])
    #expect(
      csv.csvColumns("name", "write", "collections", "last_used_at")
        == ["name,write,collections,last_used_at", "ci,true,all,", "page,false,people places,"])
    let json = try runner.run(["token", "list", "--format", "json"]).outputLines
    #expect(json.count == 2)
    #expect(json[0].hasPrefix(#"{"name":"ci","write":true,"collections":null,"created_at":"20"#))
    #expect(json[0].hasSuffix(#"Z","last_used_at":null}"#))
    #expect(json[1].hasPrefix(#"{"name":"page","write":false,"collections":["people","places"],"#))
    // The catalog's bytes too: the file, and its log where one is left.
    let files = [runner.databasePath, runner.databasePath + "-wal"].compactMap {
      try? String(contentsOfFile: $0, encoding: .isoLatin1)
    }
    #expect(!files.isEmpty)
    let everything = [table.standardOutput, csv.standardOutput] + json + files
    for secret in secrets {
      #expect(!everything.contains { $0.contains(secret.dropFirst(4)) })
    }
  }

  @Test func revokeTakesTheTokenAway() throws {
    _ = try create(["ci"])
    _ = try create(["page"])
    let revoked = try runner.run(["token", "revoke", "ci"])
    #expect(revoked.status == 0)
    #expect(revoked.standardError == "revoked token 'ci'\n")
    #expect(
      try runner.run(["token", "list", "--format", "csv"]).csvColumns("name") == [
        "name", "page",
      ])
    let again = try runner.run(["token", "revoke", "ci"])
    #expect(again.status == 1)
    #expect(again.standardError == "Error: no token named 'ci'; the tokens are: page\n")
  }

  @Test func mistakesAreErrorsThatChangeNothing() throws {
    _ = try create(["ci"])
    let cases: [(arguments: [String], status: Int32, error: String)] = [
      (["create", "ci", "--write"], 1, "Error: a token named 'ci' exists already\n"),
      (
        ["create", " "], 1,
        "Error: invalid token name ' ': it must not be empty, only white space, or hold a "
          + "control character\n"
      ),
      (
        ["create", "x", "-c", ""], 1,
        "Error: invalid collection name '': it must not be empty or only white space\n"
      ),
      (["revoke", "nobody"], 1, "Error: no token named 'nobody'; the tokens are: ci\n"),
    ]
    for (arguments, status, error) in cases {
      let result = try runner.run(["token"] + arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.standardError == error, "\(arguments)")
      #expect(result.standardOutput == "", "\(arguments)")
    }
    #expect(
      try runner.run(["token", "list", "--format", "csv"]).csvColumns("name") == [
        "name", "ci",
      ])
    let usage = try runner.run(["token", "create"])
    #expect(usage.status == 64)
    #expect(usage.standardError.hasPrefix("Error: Missing expected argument '<name>'\n"))
    let missing = try runner.run(["token", "list"], database: runner.directory.path("no.db"))
    #expect(missing.status == 1)
    #expect(
      missing.standardError
        == "Error: no catalog at \(runner.directory.path("no.db")) (create one with 'catalog import FILE')\n"
    )
  }
}
