import CatalogServer
import Foundation
import Testing

/// Every endpoint against the `catalog` command line doing the same query: the body must be
/// exactly the CLI's `--format json` lines as a JSON array.
struct APITests {
  let fixture: ServerFixture

  init() throws { fixture = try ServerFixture() }

  static let sameAsTheCommandLine: [(String, [String])] = [
    ("/api/collections", ["collections"]),
    ("/api/collections/cities/sections", ["sections", "-c", "cities"]),
    (
      "/api/collections/cities/sections?group_by=state&index_by=state_code",
      ["sections", "-c", "cities", "--group-by", "state", "--index-by", "state_code"]
    ),
    (
      "/api/collections/cities/sections?locale=sv&group_by=state",
      ["sections", "-c", "cities", "--group-by", "state", "--locale", "sv"]
    ),
    ("/api/collections/cities/index", ["index", "-c", "cities"]),
    ("/api/collections/cities/index?compact=true", ["index", "-c", "cities", "--compact"]),
    (
      "/api/collections/cities/index?compact=false&locale=sv",
      ["index", "-c", "cities", "--locale", "sv"]
    ),
    (
      "/api/collections/cities/index?group_by=state&index_by=state_code",
      ["index", "-c", "cities", "--group-by", "state", "--index-by", "state_code"]
    ),
    ("/api/collections/cities/rows", ["list", "-c", "cities"]),
    (
      "/api/collections/cities/rows?offset=2&limit=3",
      ["list", "-c", "cities", "--offset", "2", "--limit", "3"]
    ),
    ("/api/collections/cities/rows?offset=99", ["list", "-c", "cities", "--offset", "99"]),
    ("/api/collections/cities/rows?limit=0", ["list", "-c", "cities", "--limit", "0"]),
    (
      "/api/collections/cities/rows?group_by=state&locale=sv",
      ["list", "-c", "cities", "--group-by", "state", "--locale", "sv"]
    ),
    ("/api/collections/many/rows", ["list", "-c", "many", "--limit", "100"]),
    (
      "/api/collections/many/rows?offset=120&limit=1000",
      ["list", "-c", "many", "--offset", "120"]
    ),
    ("/api/collections/cities/search?q=san+j", ["search", "san j", "-c", "cities"]),
    ("/api/collections/cities/search?q=SAN%20JOS", ["search", "SAN JOS", "-c", "cities"]),
    ("/api/collections/cities/search?q=a", ["search", "a", "-c", "cities"]),
    (
      "/api/collections/cities/search?q=a&locale=sv",
      ["search", "a", "-c", "cities", "--locale", "sv"]
    ),
    (
      "/api/collections/cities/search?q=%C3%A5&locale=sv&group_by=state",
      ["search", "å", "-c", "cities", "--locale", "sv", "--group-by", "state"]
    ),
    ("/api/collections/many/search?q=item", ["search", "item", "-c", "many", "--limit", "100"]),
    ("/api/collections/b%C3%A4r%20%26%20co%2F2/rows", ["list", "-c", "bär & co/2"]),
  ]

  @Test(arguments: sameAsTheCommandLine)
  func answersAsTheCommandLinePrints(target: String, arguments: [String]) throws {
    let response = try fixture.get(target)
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    #expect(response.body == (try fixture.cliJSONArray(arguments)))
  }

  @Test func searchPagesByOffsetThroughTheCommandLinesResults() throws {
    let all = try fixture.runner.run(["search", "item 1", "-c", "many", "--format", "json"])
      .outputLines
    #expect(all.count == 150)
    let response = try fixture.get("/api/collections/many/search?q=item+1&offset=140&limit=5")
    #expect(response.body == ServerFixture.jsonArray(all[140..<145]))
    let pastTheEnd = try fixture.get("/api/collections/many/search?q=item+1&offset=150")
    #expect(pastTheEnd.body == "[]\n")
  }

  @Test func collectionsCarryTheirHeaderAndFooter() throws {
    // Worked out by hand from the fixture's `annotate`, not from either front end.
    let body = try fixture.get("/api/collections").body
    let cities = try #require(
      body.split(separator: "\n").first { $0.contains(#""name":"cities""#) })
    // Imported third of five writes, annotated at versions 4 and 5; grouped by letters and state.
    #expect(
      cities.hasPrefix(
        #"{"name":"cities","items":9,"locale":"en","title":"name","sort_as":["name"],"key":null,"#
          + #""version":5,"groupings":[{"group_by":null,"locale":"en"},{"group_by":"state","#
          + #""locale":"en"}"#))
    #expect(
      cities.hasSuffix(#""header":"US cities","footer":"Census 2020"},"#)
        || cities.hasSuffix(#""header":"US cities","footer":"Census 2020"}"#))
  }

  @Test func theFirstPageIsAHundredRowsWithoutALimit() throws {
    let body = try fixture.get("/api/collections/many/rows").body
    #expect(body.split(separator: "\n").count == 102)
    #expect(body.contains(#"{"row":99,"#))
    #expect(!body.contains(#"{"row":100,"#))
  }

  @Test func listAnswersNameTheCatalogVersionTheyDescribe() throws {
    let before = try fixture.version()
    let targets = [
      "/api/collections/cities/sections", "/api/collections/cities/index?group_by=state",
      "/api/collections/cities/rows?offset=1", "/api/collections/cities/search?q=san",
    ]
    for target in targets {
      #expect(try fixture.get(target).headers["catalog-version"] == String(before), "\(target)")
    }
    let written = try fixture.write(["add", "-c", "many", "name=Item 2000"])
    #expect(written == before + 1)
    for target in targets {
      #expect(try fixture.get(target).headers["catalog-version"] == String(written), "\(target)")
    }
    #expect(try fixture.get("/api/collections").headers["catalog-version"] == nil)
  }

  @Test func headAnswersWithTheHeadersAlone() throws {
    let response = try RawHTTPClient.get("/api/collections", port: fixture.port, method: "HEAD")
    #expect(response.status == 200)
    #expect(response.body == "")
    #expect(Int(response.headers["content-length"] ?? "") ?? 0 > 0)
  }
}
