import CatalogTestSupport
import Foundation
import Testing

/// The item endpoints of DESIGN §15 against the command line making the same writes on a twin
/// catalog: the same summaries, the same lists, and lists equal to a fresh import of the items.
struct WriteAPITests {
  let fixture: WriteFixture

  init() throws { fixture = try WriteFixture() }

  /// The rows of a list as the API gives them, each with its item number as `numbers` maps it
  /// (for a fresh import, whose items are numbered from 0).
  static func rows(_ json: String, numbers: [Int]? = nil) throws -> [NSDictionary] {
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return rows.map { row in
      var row = row
      if let numbers, let item = row["item"] as? Int { row["item"] = numbers[item] }
      return row as NSDictionary
    }
  }

  @Test func eachWriteAnswersWithTheSummaryTheCommandLinePrints() throws {
    let twin = try WriteFixture.makeCatalog()
    func cli(_ arguments: [String]) throws -> String {
      let result = try twin.run(arguments + ["--format", "json"])
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      return result.standardOutput
    }
    try twin.write("more.csv", "name,state\nDallas,Texas\nNome,Alaska\n")
    try twin.write("up.csv", "id,name,state\np2,Bo,Alaska\np6,Fay,Utah\n")
    try twin.write("sync.csv", "id,name,state\np2,Bo,Alaska\np3,Cy,Texas\n")
    try twin.write("boise.csv", "name,state\nBoise,Idaho\n")
    let writer = fixture.writer
    let steps: [(request: RawHTTPClient.Response, status: Int, cli: [String], summary: String)] = [
      (
        try fixture.request(
          "POST", "/api/collections/people/items", token: writer,
          body: #"{"id":"p5","name":"Eve","state":"Ohio"}"#),
        201, ["add", "-c", "people", "id=p5", "name=Eve", "state=Ohio"],
        #"{"version":3,"added":[4],"updated":[],"removed":[]}"#
      ),
      (
        try fixture.request(
          "PATCH", "/api/collections/people/items/p2", token: writer, body: #"{"state":"Texas"}"#),
        200, ["update", "-c", "people", "p2", "state=Texas"],
        #"{"version":4,"added":[],"updated":[1],"removed":[]}"#
      ),
      (
        try fixture.request("DELETE", "/api/collections/people/items/p1", token: writer),
        200, ["remove", "-c", "people", "p1"],
        #"{"version":5,"added":[],"updated":[],"removed":[0]}"#
      ),
      (
        try fixture.request(
          "POST", "/api/collections/cities/items", token: writer,
          body: #"[{"name":"Dallas","state":"Texas"},{"name":"Nome","state":"Alaska"}]"#),
        201, ["import", "more.csv", "-c", "cities", "--append"],
        #"{"version":6,"added":[3,4],"updated":[],"removed":[]}"#
      ),
      (
        try fixture.request(
          "PUT", "/api/collections/people/items?mode=upsert", token: writer,
          body: "id,name,state\np2,Bo,Alaska\np6,Fay,Utah\n", contentType: "text/csv"),
        200, ["import", "up.csv", "-c", "people", "--upsert"],
        #"{"version":7,"added":[5],"updated":[1],"removed":[]}"#
      ),
      (
        try fixture.request(
          "PUT", "/api/collections/people/items?mode=sync", token: writer,
          body: "id,name,state\np2,Bo,Alaska\np3,Cy,Texas\n", contentType: "text/csv"),
        200, ["import", "sync.csv", "-c", "people", "--sync"],
        #"{"version":8,"added":[],"updated":[],"removed":[3,4,5]}"#
      ),
      (
        try fixture.request(
          "PUT", "/api/collections/cities/items?mode=replace", token: writer,
          body: "name,state\nBoise,Idaho\n", contentType: "text/csv; charset=utf-8"),
        200, ["import", "boise.csv", "-c", "cities", "--replace"],
        #"{"version":9,"added":[5],"updated":[],"removed":[0,1,2,3,4]}"#
      ),
    ]
    for (response, status, arguments, summary) in steps {
      #expect(response.status == status, "\(arguments): \(response.body)")
      #expect(response.headers["content-type"] == "application/json; charset=utf-8")
      #expect(response.body == summary + "\n", "\(arguments)")
      #expect(try cli(arguments) == summary + "\n", "\(arguments)")
    }
    #expect(steps[0].request.headers["location"] == "/api/collections/people/items/p5")
    #expect(steps[3].request.headers["location"] == "/api/collections/cities/items/3")

    // Every list is the twin's, and a fresh import's of the same items.
    for (name, list) in [
      ("people", ""), ("people", "?group_by=state"), ("cities", ""),
      ("people", "?group_by=state&locale=sv"),
    ] {
      let served = try fixture.request("GET", "/api/collections/\(name)/rows\(list)", token: nil)
      var arguments = ["list", "-c", name, "--format", "json"]
      if list.contains("state") { arguments += ["--group-by", "state"] }
      if list.contains("sv") { arguments += ["--locale", "sv"] }
      #expect(served.body == ServerFixture.jsonArray(try twin.run(arguments).outputLines))
      let numbers = try Self.rows(served.body).compactMap { $0["item"] as? Int }.sorted()
      let fresh = try CatalogRunner()
      try fresh.write("fresh.csv", try fixture.cli(["export", "-c", name]))
      let key = name == "people" ? ["--key", "id"] : []
      #expect(try fresh.run(["import", "fresh.csv", "-c", name, "--quiet"] + key).status == 0)
      #expect(
        try Self.rows(served.body)
          == Self.rows(
            ServerFixture.jsonArray(fresh.run(arguments).outputLines), numbers: numbers),
        "\(name)\(list)")
    }
  }

  @Test func anItemIsReadWithTheVersionThatLastWroteItAsItsETag() throws {
    let person = try fixture.request("GET", "/api/collections/people/items/p2", token: nil)
    #expect(person.status == 200)
    #expect(person.headers["content-type"] == "application/json; charset=utf-8")
    #expect(person.headers["etag"] == "\"1\"")
    #expect(
      person.body
        == #"{"item":1,"key":"p2","version":1,"fields":{"id":"p2","name":"Bo","state":"Alaska"}}"#
        + "\n")
    let city = try fixture.request("GET", "/api/collections/cities/items/1", token: nil)
    #expect(city.headers["etag"] == "\"2\"")
    #expect(
      city.body
        == #"{"item":1,"key":null,"version":2,"fields":{"name":"Austin","state":"Texas"}}"# + "\n")
    let patched = try fixture.request(
      "PATCH", "/api/collections/people/items/p2", token: fixture.writer, body: #"{"name":"Bob"}"#)
    #expect(patched.headers["etag"] == "\"3\"")
    let again = try fixture.request("GET", "/api/collections/people/items/p2", token: nil)
    #expect(again.headers["etag"] == "\"3\"")
    #expect(again.body.contains(#""version":3,"fields":{"id":"p2","name":"Bob","#))
    // The others keep theirs.
    let other = try fixture.request("GET", "/api/collections/people/items/p3", token: nil)
    #expect(other.headers["etag"] == "\"1\"")
    let head = try RawHTTPClient.get(
      "/api/collections/people/items/p2", port: fixture.port, method: "HEAD")
    #expect(head.status == 200 && head.body.isEmpty && head.headers["etag"] == "\"3\"")
    // A key is escaped in the path as any part is.
    let escaped = try fixture.request("GET", "/api/collections/people/items/%70%32", token: nil)
    #expect(escaped.body == again.body)
  }

  @Test func theCollectionsRecordIsTheOneCollectionsPrints() throws {
    let response = try fixture.request("GET", "/api/collections/people", token: nil)
    #expect(response.status == 200)
    let lines = try fixture.cli(["collections", "--format", "json"]).split(separator: "\n")
    #expect(response.body == (lines.first { $0.contains(#""name":"people""#) } ?? "") + "\n")
  }

  @Test func ifMatchLetsAWriteThroughOnlyWhenTheItemIsAsTheClientSawIt() throws {
    let writer = fixture.writer
    func patch(_ item: String, _ body: String, ifMatch: String) throws -> RawHTTPClient.Response {
      try fixture.request(
        "PATCH", "/api/collections/people/items/\(item)", token: writer, body: body,
        headers: ["If-Match": ifMatch])
    }
    let first = try patch("p2", #"{"name":"Bob"}"#, ifMatch: "\"1\"")
    #expect(first.status == 200)
    #expect(first.headers["etag"] == "\"3\"")
    // A second client that read p2 at version 1 is refused: p2 changed at version 3.
    let before = try fixture.contents()
    let stale = try patch("p2", #"{"name":"Bobby"}"#, ifMatch: "\"1\"")
    #expect(stale.status == 412)
    #expect(
      stale.body == #"{"error":"item 1 was changed since: it is at version 3 (its ETag is \"3\")"}"#
        + "\n")
    #expect(try fixture.contents() == before)
    #expect(try patch("p2", #"{"name":"Bobby"}"#, ifMatch: "\"3\"").headers["etag"] == "\"4\"")
    // A version the client read the whole list at lets through items not changed since.
    #expect(try patch("p3", #"{"name":"Cyd"}"#, ifMatch: "\"2\"").status == 200)
    #expect(try patch("p3", #"{"name":"Cy"}"#, ifMatch: "\"7\", \"4\"").status == 200)
    // Weak tags never match; a tag that is not one is a 400; `*` matches any item there is.
    #expect(try patch("p4", #"{"name":"Dee"}"#, ifMatch: "W/\"9\"").status == 412)
    let malformed = try patch("p4", #"{"name":"Dee"}"#, ifMatch: "9")
    #expect(malformed.status == 400)
    #expect(
      malformed.body
        == #"{"error":"the If-Match header must be '*' or the ETag of the item, such as \"12\""}"#
        + "\n")
    let removed = try fixture.request(
      "DELETE", "/api/collections/people/items/p4", token: writer, headers: ["If-Match": "*"])
    #expect(removed.body == #"{"version":7,"added":[],"updated":[],"removed":[3]}"# + "\n")
    let staleDelete = try fixture.request(
      "DELETE", "/api/collections/people/items/p2", token: writer, headers: ["If-Match": "\"3\""])
    #expect(staleDelete.status == 412)
    #expect(try patch("p4", "{}", ifMatch: "*").status == 404)
  }

  @Test func aWriteThatChangesNothingAnswersWithTheVersionAndUsesNone() throws {
    let writer = fixture.writer
    let unchanged = #"{"version":2,"added":[],"updated":[],"removed":[]}"# + "\n"
    let same = try fixture.request(
      "PATCH", "/api/collections/people/items/p1", token: writer, body: #"{"name":"Åsa"}"#)
    #expect(same.status == 200)
    #expect(same.body == unchanged)
    #expect(same.headers["etag"] == "\"1\"")
    let none = try fixture.request(
      "POST", "/api/collections/people/items", token: writer, body: "[]")
    #expect(none.status == 200)
    #expect(none.body == unchanged)
    #expect(none.headers["location"] == nil)
    let sameFile = try fixture.request(
      "PUT", "/api/collections/people/items?mode=upsert", token: writer,
      body: WriteFixture.people, contentType: "text/csv")
    #expect(sameFile.body == unchanged)
    #expect(try fixture.version() == 2)
  }

  @Test func aPutMakesAnImportInEachMode() throws {
    let writer = fixture.writer
    let made = try fixture.request(
      "PUT", "/api/collections/t%C3%A4rna%2F1/items?mode=replace&key=id&locale=sv", token: writer,
      body: "id,name\nt1,Örjan\nt2,Anna\n", contentType: "text/csv")
    #expect(made.status == 201)
    #expect(made.headers["location"] == "/api/collections/t%C3%A4rna%2F1")
    #expect(made.body == #"{"version":3,"added":[0,1],"updated":[],"removed":[]}"# + "\n")
    let twin = try CatalogRunner()
    try twin.write("t.csv", "id,name\nt1,Örjan\nt2,Anna\n")
    #expect(
      try twin.run(["import", "t.csv", "-c", "tärna/1", "--key", "id", "--locale", "sv"]).status
        == 0)
    let sections = ["sections", "-c", "tärna/1", "--format", "json"]
    #expect(try fixture.cli(sections) == (try twin.run(sections)).standardOutput)
    let item = try fixture.request("GET", "/api/collections/t%C3%A4rna%2F1/items/t1", token: nil)
    #expect(item.body.hasPrefix(#"{"item":0,"key":"t1","version":3,"#))
    let appended = try fixture.request(
      "PUT", "/api/collections/t%C3%A4rna%2F1/items?mode=append", token: writer,
      body: "name,id\nÅke,t3\n", contentType: "text/csv")
    #expect(appended.status == 200)
    #expect(appended.body == #"{"version":4,"added":[2],"updated":[],"removed":[]}"# + "\n")
  }

  static let refusedUploads: [(target: String, body: String, status: Int, error: String)] = [
    (
      "/api/collections/cities/items", "name,state\nX,Y\n", 400,
      "a PUT of CSV needs the parameter 'mode': append, upsert, sync or replace"
    ),
    (
      "/api/collections/cities/items?mode=merge", "name,state\nX,Y\n", 400,
      "a PUT of CSV needs the parameter 'mode': append, upsert, sync or replace"
    ),
    (
      "/api/collections/cities/items?mode=append&group_by=state", "name,state\nX,Y\n", 400,
      "unknown parameter 'group_by'; the parameters here are: mode, key, title, locale"
    ),
    (
      "/api/collections/cities/items?mode=upsert", "name,state\nX,Y\n", 400,
      "mode=upsert needs a key column, and 'cities' has none"
    ),
    (
      "/api/collections/cities/items?mode=sync", "name,state\nX,Y\n", 400,
      "mode=sync needs a key column, and 'cities' has none"
    ),
    (
      "/api/collections/cities/items?mode=replace&key=zip", "name,state\nX,Y\n", 400,
      "unknown column 'zip'; the columns are: name, state"
    ),
    (
      "/api/collections/cities/items?mode=replace&title=zip", "name,state\nX,Y\n", 400,
      "unknown column 'zip'; the columns are: name, state"
    ),
    (
      "/api/collections/cities/items?mode=append", "name,state\n\"Oops,Texas\n", 400,
      "the CSV body is not valid: line 2, column 1: unterminated quoted field"
    ),
    (
      "/api/collections/cities/items?mode=append", "name,state\nA,B\nC\n", 400,
      "the CSV body is not valid: line 3, column 1: expected 2 fields as in the header, found 1"
    ),
    (
      "/api/collections/cities/items?mode=append", "name,county\nX,Y\n", 400,
      "cannot write into 'cities': it has no column 'county' (its columns are: name, state)"
    ),
    (
      "/api/collections/people/items?mode=upsert", "id,name\np9,A\np9,B\n", 400,
      "the CSV body is not valid: line 3, column 1: duplicate key 'p9' (first on line 2)"
    ),
    (
      "/api/collections/new/items?mode=replace", "name,name\nX,Y\n", 400,
      "the CSV body is not valid: line 1, column 6: duplicate header name \"name\" in fields 1 and 2"
    ),
    (
      "/api/collections/new/items?mode=replace&locale=xx-bogus-u-co-nonsense", "name\nX\n", 400,
      "unknown locale 'xx-bogus-u-co-nonsense' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    ),
    // Only a replace makes a collection.
    (
      "/api/collections/new/items?mode=append", "name\nX\n", 404,
      "no collection named 'new'; the collections are: cities, people"
    ),
    (
      "/api/collections/new/items?mode=upsert&key=name", "name\nX\n", 404,
      "no collection named 'new'; the collections are: cities, people"
    ),
    (
      "/api/collections/new/items?mode=sync&key=name", "name\nX\n", 404,
      "no collection named 'new'; the collections are: cities, people"
    ),
  ]

  @Test(arguments: refusedUploads)
  func aRefusedUploadChangesNothing(target: String, body: String, status: Int, error: String)
    throws
  {
    let before = try fixture.contents()
    #expect(before.count > 30)
    let response = try fixture.request(
      "PUT", target, token: fixture.writer, body: body, contentType: "text/csv")
    #expect(response.status == status)
    #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
    #expect(try fixture.contents() == before)
    #expect(try fixture.cli(["collections", "--format", "csv"]).contains("new,") == false)
  }

  static let refusedWrites:
    [(method: String, target: String, body: String, status: Int, error: String)] = [
      (
        "POST", "/api/collections/people/items", #"{"id":"p1","name":"X"}"#, 400,
        "duplicate key 'p1': item 0 of 'people' has it"
      ),
      (
        "POST", "/api/collections/people/items", #"{"id":" ","name":"X"}"#, 400,
        "blank key: every item of 'people' needs a value in its key column 'id'"
      ),
      (
        "POST", "/api/collections/people/items", #"{"nope":"x"}"#, 400,
        "unknown column 'nope'; the columns are: id, name, state"
      ),
      (
        "POST", "/api/collections/people/items", #"[{"id":"p7"},{"id":"p7"}]"#, 400,
        "duplicate key 'p7': item 4 of 'people' has it"
      ),
      (
        "POST", "/api/collections/people/items", #"[{"id":"p7"},{"id":"p8","x":"y"}]"#, 400,
        "unknown column 'x'; the columns are: id, name, state"
      ),
      (
        "POST", "/api/collections/people/items", #"{"id":1}"#, 400,
        "the body is not valid: the value of 'id' is not a string (at byte 6)"
      ),
      (
        "POST", "/api/collections/people/items", #"{"id":"p5",}"#, 400,
        "the body is not valid: expected a field's name (at byte 11)"
      ),
      (
        "PATCH", "/api/collections/people/items/p1", #"[{"name":"X"}]"#, 400,
        "the body of a PATCH must be one object of fields"
      ),
      (
        "PATCH", "/api/collections/people/items/p1", #"{"id":"p2"}"#, 400,
        "duplicate key 'p2': item 1 of 'people' has it"
      ),
      ("PATCH", "/api/collections/people/items/p9", "{}", 404, "no item 'p9' in 'people'"),
      ("PATCH", "/api/collections/cities/items/9", "{}", 404, "no item 9 in 'cities'"),
      ("PATCH", "/api/collections/cities/items/x", "{}", 404, "no item 'x' in 'cities'"),
      ("DELETE", "/api/collections/people/items/p9", "", 404, "no item 'p9' in 'people'"),
      (
        "DELETE", "/api/collections/nope/items/p1", "", 404,
        "no collection named 'nope'; the collections are: cities, people"
      ),
      (
        "DELETE", "/api/collections/people/items/p1?x=1", "", 400,
        "unknown parameter 'x'; the parameters here are: none"
      ),
    ]

  @Test(arguments: refusedWrites)
  func aRefusedWriteChangesNothingAndUsesNoVersion(
    method: String, target: String, body: String, status: Int, error: String
  ) throws {
    let before = try fixture.contents()
    let response = try fixture.request(method, target, token: fixture.writer, body: body)
    #expect(response.status == status)
    #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
    #expect(try fixture.contents() == before)
    // The next write takes the next version.
    let next = try fixture.request(
      "POST", "/api/collections/cities/items", token: fixture.writer, body: #"{"name":"Waco"}"#)
    #expect(next.body.hasPrefix(#"{"version":3,"#))
  }
}
