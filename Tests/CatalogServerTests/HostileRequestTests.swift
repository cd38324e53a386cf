import CatalogServer
import Foundation
import Testing

/// Bad and hostile requests: each gets its status and a `{"error":…}` body, and the server goes
/// on serving.
struct HostileRequestTests {
  let fixture: ServerFixture

  init() throws { fixture = try ServerFixture() }

  static let longValue = String(repeating: "x", count: 1025)
  static let longPath = "/" + String(repeating: "a", count: 9000)

  static let refused: [(target: String, status: Int, error: String)] = [
    (
      "/api/collections/towns/rows", 404,
      "no collection named 'towns'; the collections are: bär & co/2, cities, many"
    ),
    (
      "/api/collections/cities/rows?group_by=county", 404,
      "unknown column 'county' for group_by; the columns are: name, state, state_code"
    ),
    (
      "/api/collections/cities/index?group_by=state&index_by=zip", 404,
      "unknown column 'zip' for index_by; the columns are: name, state, state_code"
    ),
    (
      "/api/collections/cities/rows?limit=1001", 400,
      "the value '1001' of 'limit' is not a whole number from 0 to 1000"
    ),
    (
      "/api/collections/cities/rows?limit=99999999999999999999999", 400,
      "the value '99999999999999999999999' of 'limit' is not a whole number from 0 to 1000"
    ),
    (
      "/api/collections/cities/search?q=a&limit=-5", 400,
      "the value '-5' of 'limit' is not a whole number from 0 to 1000"
    ),
    (
      "/api/collections/cities/rows?offset=-1", 400,
      "the value '-1' of 'offset' is not a whole number from 0 to 2147483647"
    ),
    (
      "/api/collections/cities/rows?offset=9223372036854775807", 400,
      "the value '9223372036854775807' of 'offset' is not a whole number from 0 to 2147483647"
    ),
    (
      "/api/collections/cities/rows?offset=1e3", 400,
      "the value '1e3' of 'offset' is not a whole number from 0 to 2147483647"
    ),
    (
      "/api/collections/cities/rows?fit=5", 400,
      "unknown parameter 'fit'; the parameters here are: group_by, index_by, locale, offset, limit"
    ),
    (
      "/api/collections/cities/sections?offset=1", 400,
      "unknown parameter 'offset'; the parameters here are: group_by, index_by, locale"
    ),
    (
      "/api/collections?format=csv", 400,
      "unknown parameter 'format'; the parameters here are: none"
    ),
    (
      "/api/collections/cities/rows?limit=1&limit=2", 400,
      "the parameter 'limit' is given twice"
    ),
    (
      "/api/collections/cities/index?compact=yes", 400,
      "the value 'yes' of 'compact' is not true or false"
    ),
    (
      "/api/collections/cities/rows?locale=xx-bogus-u-co-nonsense", 400,
      "unknown locale 'xx-bogus-u-co-nonsense' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    ),
    (
      "/api/collections/cities/search", 400,
      "a search needs the text to find as the parameter 'q'"
    ),
    (
      "/api/collections/cities/search?q=%20%20", 400,
      "the search text '  ' has no letters or digits to match"
    ),
    (
      "/api/collections/cities/search?q=\(longValue)", 400,
      "the value of 'q' is longer than 1024 bytes"
    ),
    (
      "/api/collections/cities/search?q=%FF", 400,
      "the value of 'q' is not valid percent-encoded UTF-8"
    ),
    (
      "/api/collections/cities/search?q=%4", 400,
      "the value of 'q' is not valid percent-encoded UTF-8"
    ),
    (
      "/api/collections/cities/feed?since=1", 404,
      "no endpoint 'feed'; the endpoints are: sections, index, rows, search, changes, items, "
        + "notes"
    ),
    ("/../../etc/passwd", 404, "nothing at /../../etc/passwd"),
    ("/assets/../../Package.swift", 404, "nothing at /assets/../../Package.swift"),
    ("/assets/..%2F..%2FPackage.swift", 404, "no page file '../../Package.swift'"),
    ("/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd", 404, "no page file '../../etc/passwd'"),
    ("/assets/list.js%00.html", 404, "no page file 'list.js\u{0}.html'"),
    ("/assets/%C0%AE%C0%AE%2fetc", 400, "the path is not valid percent-encoded UTF-8"),
    ("/api/collections/cities/rows/", 404, "nothing at /api/collections/cities/rows/"),
    ("//etc/passwd", 404, "nothing at //etc/passwd"),
    ("/index.html/..", 404, "nothing at /index.html/.."),
    (longPath, 414, "the request's path and query are longer than 8192 bytes"),
  ]

  @Test(arguments: refused)
  func refusesWithItsStatusAndAnError(target: String, status: Int, error: String) throws {
    let response = try fixture.get(target)
    #expect(response.status == status)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
    #expect(try fixture.get("/api/collections").status == 200)
  }

  @Test func aRequestLineBeyondTheConnectionsMemoryIsRefusedByTheLibrary() throws {
    let huge = "/api/collections?q=" + String(repeating: "y", count: 100_000)
    let response = try fixture.get(huge)
    #expect(response.status == 414)
    #expect(try fixture.get("/api/collections").status == 200)
  }

  @Test func writesWithoutATokenAreRefusedUnread() throws {
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
      let response = try RawHTTPClient.exchange(
        "\(method) /api/collections HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        port: fixture.port)
      #expect(response.status == 401)
      #expect(response.headers["www-authenticate"] == "Bearer")
      #expect(
        response.body
          == #"{"error":"writing needs a token: send 'Authorization: Bearer' and the secret of a token made with 'catalog token create NAME --write'"}"#
          + "\n")
    }
    #expect(try fixture.get("/api/collections").status == 200)
  }

  @Test func aGetWithABodyIsRefusedUnread() throws {
    let response = try RawHTTPClient.exchange(
      "GET /api/collections HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\nabc",
      port: fixture.port)
    #expect(response.status == 400)
    #expect(
      response.body
        == #"{"error":"GET takes no request body; send the parameters in the query"}"#
        + "\n")
  }

  /// Its files and requests send no `Referer`: the page's first address may hold a token
  /// (`serve --edit`), which must travel nowhere else.
  @Test func thePageIsServedWithAPolicyThatAllowsOnlyItsOwnFiles() throws {
    let response = try fixture.get("/?token=ctk_secret")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "text/html; charset=utf-8")
    #expect(response.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
    #expect(response.headers["referrer-policy"] == "no-referrer")
    #expect(response.body.hasPrefix("<!doctype html>"))
  }
}
