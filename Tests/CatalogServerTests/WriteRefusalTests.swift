import CatalogServer
import CatalogTestSupport
import Foundation
import Testing

/// Requests to write that are refused before anything is written (DESIGN §15): each status, the
/// order in which a request with several faults gets them, bodies refused as soon as they are
/// known to be too large, hostile JSON, and a catalog that stays busy.
struct WriteRefusalTests {
  /// A token's secret that no token has.
  static let unknown = "ctk_" + String(repeating: "A", count: 43)

  /// Which token a case sends.
  enum Sender: Sendable { case none, writer, reader, citiesOnly, unknown, basic }

  static let refused:
    [(
      method: String, target: String, sender: Sender, contentType: String?, length: String?,
      status: Int, error: String
    )] = [
      (
        "POST", "/api/collections/people/items", .none, "text/plain", "99999999999", 401,
        "writing needs a token: send 'Authorization: Bearer' and the secret of a token made "
          + "with 'catalog token create NAME --write'"
      ),
      (
        "POST", "/nowhere", .none, nil, nil, 401,
        "writing needs a token: send 'Authorization: Bearer' and the secret of a token made "
          + "with 'catalog token create NAME --write'"
      ),
      (
        "GET", "/api/collections", .unknown, nil, nil, 401,
        "the token is not known: it was revoked, or never made"
      ),
      (
        "GET", "/", .basic, nil, nil, 401,
        "the Authorization header is not 'Bearer' and a token's secret"
      ),
      (
        "POST", "/api/collections/nope/items", .reader, "text/plain", nil, 403,
        "the token 'reader' may read but not write"
      ),
      (
        "DELETE", "/api/collections/people/items/p1", .citiesOnly, nil, nil, 403,
        "the token 'cities' may not use the collection 'people'"
      ),
      (
        "GET", "/api/collections/people/rows", .citiesOnly, nil, nil, 403,
        "the token 'cities' may not use the collection 'people'"
      ),
      (
        "POST", "/api/collections/nope/items", .writer, "text/plain", "99999999999", 404,
        "no collection named 'nope'; the collections are: cities, people"
      ),
      ("POST", "/nowhere", .writer, nil, nil, 404, "nothing at /nowhere"),
      (
        "DELETE", "/api/collections/nope", .writer, nil, nil, 404,
        "no collection named 'nope'; the collections are: cities, people"
      ),
      (
        "PATCH", "/api/collections/people/items/p9", .writer, "text/plain", "99999999999", 404,
        "no item 'p9' in 'people'"
      ),
      (
        "DELETE", "/api/collections/people", .writer, nil, nil, 405,
        "DELETE is not allowed here; the methods here are: GET, HEAD"
      ),
      (
        "DELETE", "/api/collections/people/items", .writer, nil, nil, 405,
        "DELETE is not allowed here; the methods here are: GET, HEAD, POST, PUT"
      ),
      (
        "PUT", "/api/collections/people/items/p1", .writer, "text/csv", nil, 405,
        "PUT is not allowed here; the methods here are: GET, HEAD, PATCH, DELETE"
      ),
      (
        "POST", "/", .writer, "text/plain", nil, 405,
        "POST is not allowed here; the methods here are: GET, HEAD"
      ),
      (
        "POST", "/api/collections/people/items", .writer, "text/plain", "99999999999", 415,
        "the body is text/plain; send application/json in UTF-8"
      ),
      (
        "PATCH", "/api/collections/people/items/p1", .writer, "application/json; charset=latin1",
        nil, 415, "the body is application/json; charset=latin1; send application/json in UTF-8"
      ),
      (
        "POST", "/api/collections/people/items", .writer, nil, nil, 415,
        "the body has no Content-Type; send application/json in UTF-8"
      ),
      (
        "PUT", "/api/collections/people/items?mode=upsert", .writer, "application/json", nil,
        415, "the body is application/json; send text/csv in UTF-8"
      ),
      (
        "POST", "/api/collections/people/items", .writer, "application/json", "2147483648", 413,
        "the JSON body is larger than 1048576 bytes, as much as it may be"
      ),
      (
        "PUT", "/api/collections/people/items?mode=bogus", .writer, "text/csv", "2147483648", 413,
        "the CSV body is larger than 67108864 bytes, as much as it may be"
      ),
      (
        "POST", "/api/collections/people/items?x=1", .writer, "Application/JSON; Charset=UTF-8",
        nil, 400, "unknown parameter 'x'; the parameters here are: none"
      ),
      (
        "DELETE", "/api/collections/people/items/p1", .writer, "text/plain", nil, 400,
        "DELETE takes no request body; send the parameters in the query"
      ),
    ]

  @Test(arguments: refused)
  func eachFaultGetsItsStatusInTheOrderOfDesign15(
    method: String, target: String, sender: Sender, contentType: String?, length: String?,
    status: Int, error: String
  ) throws {
    let fixture = try WriteFixture()
    let before = try fixture.contents()
    var headers = "\(method) \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
    switch sender {
    case .none: break
    case .writer: headers += "Authorization: Bearer \(fixture.writer)\r\n"
    case .reader: headers += "Authorization: Bearer \(fixture.reader)\r\n"
    case .citiesOnly: headers += "Authorization: Bearer \(fixture.citiesOnly)\r\n"
    case .unknown: headers += "Authorization: Bearer \(Self.unknown)\r\n"
    case .basic: headers += "Authorization: Basic \(fixture.writer)\r\n"
    }
    if let contentType { headers += "Content-Type: \(contentType)\r\n" }
    // A body of three bytes, whatever length is claimed: nothing is read of one refused first.
    let claimed = length ?? (contentType == nil ? nil : "3")
    if let claimed { headers += "Content-Length: \(claimed)\r\n" }
    let response = try RawHTTPClient.exchange(
      headers + "\r\n" + (claimed == nil ? "" : "{}x"), port: fixture.port)
    #expect(response.status == status)
    #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    #expect((response.headers["www-authenticate"] == "Bearer") == (status == 401))
    if status == 405 {
      #expect(response.headers["allow"] == error.components(separatedBy: "here are: ").last)
    }
    #expect(try fixture.contents() == before)
    // No secret ever comes back.
    for secret in [fixture.writer, fixture.reader, fixture.citiesOnly, Self.unknown] {
      #expect(!response.body.contains(secret.dropFirst(4)))
    }
  }

  @Test func hostileJSONIsRefusedAtItsFirstFault() throws {
    let fixture = try WriteFixture()
    let before = try fixture.contents()
    let connection = try KeepAliveConnection(port: fixture.port)
    let headers = [
      "Authorization": "Bearer \(fixture.writer)", "Content-Type": "application/json",
    ]
    let cases: [(body: [UInt8], error: String)] = [
      (
        Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8),
        "the body is not valid: each element of the array must be an object of fields (at byte 1)"
      ),
      (
        Array(String(repeating: #"{"a":"#, count: 10_000).utf8),
        "the body is not valid: the value of 'a' is not a string (at byte 5)"
      ),
      (
        Array(#"{"name":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), "the body is not valid UTF-8"
      ),
      (
        Array(#"{"name":"\u0000"}"#.utf8),
        "the body is not valid: a string holds a NUL character (at byte 15)"
      ),
    ]
    // Each refusal keeps the connection for the next request.
    for (body, error) in cases {
      let response = try connection.send(
        "POST", "/api/collections/people/items", headers: headers, body: body)
      #expect(response.status == 400)
      #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
    }
    #expect(try fixture.contents() == before)
  }

  /// A body sent in chunks: it is only known to be too large while it arrives.
  static func chunked(_ body: String, size: Int) -> String {
    var text = ""
    var rest = Substring(body)
    while !rest.isEmpty {
      let chunk = rest.prefix(size)
      rest = rest.dropFirst(chunk.count)
      text += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n"
    }
    return text + "0\r\n\r\n"
  }

  @Test func aChunkedBodyOverItsLimitIsRefusedAndNothingOfItKept() throws {
    var limits = ServerLimits()
    limits.bodyBytes = 64
    limits.uploadBytes = 256
    limits.discardedBytes = 4096
    let fixture = try WriteFixture(limits: limits)
    let before = try fixture.contents()
    let items = (0..<20).map { #"{"id":"n\#($0)","name":"N"}"# }.joined(separator: ",")
    let csv = "id,name\n" + (0..<100).map { "c\($0),Name \($0)\n" }.joined()
    for (target, contentType, body, error) in [
      (
        "/api/collections/people/items", "application/json", "[\(items)]",
        "the JSON body is larger than 64 bytes, as much as it may be"
      ),
      (
        "/api/collections/people/items?mode=upsert", "text/csv", csv,
        "the CSV body is larger than 256 bytes, as much as it may be"
      ),
      (
        "/api/collections/fresh/items?mode=replace", "text/csv", csv,
        "the CSV body is larger than 256 bytes, as much as it may be"
      ),
    ] {
      let method = contentType == "text/csv" ? "PUT" : "POST"
      let response = try RawHTTPClient.exchange(
        "\(method) \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer "
          + "\(fixture.writer)\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked"
          + "\r\n\r\n" + Self.chunked(body, size: 50),
        port: fixture.port)
      #expect(response.status == 413, "\(target)")
      #expect(response.body == #"{"error":"# + jsonQuoted(error) + "}\n")
      #expect(try fixture.contents() == before, "\(target)")
    }
    // Within the limits, the same way of sending writes.
    let small = try RawHTTPClient.exchange(
      "PUT /api/collections/people/items?mode=upsert HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        + "Authorization: Bearer \(fixture.writer)\r\nContent-Type: text/csv\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n" + Self.chunked("id,name\np9,Nine\n", size: 5),
      port: fixture.port)
    #expect(small.status == 200)
    #expect(small.body == #"{"version":3,"added":[4],"updated":[],"removed":[]}"# + "\n")
    // A body that goes on far past its limit loses its connection, and is not kept either.
    let endless = "id,name\n" + (0..<1000).map { "e\($0),Name \($0)\n" }.joined()
    #expect(throws: RawHTTPClient.Failure.self) {
      try RawHTTPClient.exchange(
        "PUT /api/collections/people/items?mode=append HTTP/1.1\r\nHost: x\r\n"
          + "Authorization: Bearer \(fixture.writer)\r\nContent-Type: text/csv\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n" + Self.chunked(endless, size: 100),
        port: fixture.port)
    }
    #expect(try fixture.version() == 3)
    #expect(try fixture.cli(["list", "-c", "people", "--format", "csv"]).contains("e1,") == false)
  }

  @Test func aCatalogThatStaysBusyGets503WithRetryAfter() throws {
    let fixture = try WriteFixture(busyTimeoutMilliseconds: 200)
    // Another process holds the catalog's write lock.
    let holder = try WriteLockHolder(path: fixture.runner.databasePath)
    let busy = try fixture.request(
      "POST", "/api/collections/people/items", token: fixture.writer, body: #"{"id":"p9"}"#)
    #expect(busy.status == 503)
    #expect(busy.headers["retry-after"] == "1")
    #expect(
      busy.body
        == #"{"error":"#
        + jsonQuoted(
          "catalog is busy: another process is writing to \(fixture.runner.databasePath); try "
            + "again when it is done") + "}\n")
    // Reads go on meanwhile.
    #expect(
      try fixture.request("GET", "/api/collections/people/items/p1", token: nil).status == 200)
    holder.release()
    #expect(
      try fixture.request(
        "POST", "/api/collections/people/items", token: fixture.writer, body: #"{"id":"p9"}"#
      ).status == 201)
  }
}
