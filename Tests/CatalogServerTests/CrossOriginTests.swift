import CatalogServer
import Foundation
import Testing

/// CORS (DESIGN §15): no headers at all unless origins are allowed; then only those origins'
/// requests and preflights are answered as cross-origin, and never with credentials.
struct CrossOriginTests {
  static let app = "https://app.example"

  static func send(_ request: String, to fixture: WriteFixture) throws -> RawHTTPClient.Response {
    try RawHTTPClient.exchange(
      request + "Host: x\r\nConnection: close\r\n\r\n", port: fixture.port)
  }

  static func corsHeaders(_ response: RawHTTPClient.Response) -> [String: String] {
    response.headers.filter { $0.key.hasPrefix("access-control-") || $0.key == "vary" }
  }

  @Test func noOriginIsAllowedUnlessNamed() throws {
    let fixture = try WriteFixture()
    let read = try Self.send(
      "GET /api/collections HTTP/1.1\r\nOrigin: \(Self.app)\r\n", to: fixture)
    #expect(read.status == 200)
    #expect(Self.corsHeaders(read).isEmpty)
    let preflight = try Self.send(
      "OPTIONS /api/collections/people/items HTTP/1.1\r\nOrigin: \(Self.app)\r\n"
        + "Access-Control-Request-Method: POST\r\n", to: fixture)
    #expect(preflight.status == 204)
    #expect(preflight.headers["allow"] == "GET, HEAD, POST, PUT, OPTIONS")
    #expect(Self.corsHeaders(preflight).isEmpty)
  }

  @Test func anAllowedOriginIsAnsweredAndNoOtherIs() throws {
    let fixture = try WriteFixture(
      access: AccessPolicy(reads: .needToken, allowedOrigins: [Self.app, "http://localhost:3000"]))
    // A preflight carries no token, and needs none.
    let preflight = try Self.send(
      "OPTIONS /api/collections/people/items/p1 HTTP/1.1\r\nOrigin: \(Self.app)\r\n"
        + "Access-Control-Request-Method: PATCH\r\n"
        + "Access-Control-Request-Headers: authorization, content-type, if-match\r\n",
      to: fixture)
    #expect(preflight.status == 204)
    #expect(preflight.body.isEmpty)
    #expect(
      Self.corsHeaders(preflight) == [
        "access-control-allow-origin": Self.app,
        "access-control-allow-methods": "GET, HEAD, PATCH, DELETE",
        "access-control-allow-headers":
          "Authorization, Catalog-Collection-Identity, Catalog-Min-Version, Content-Type, "
          + "Idempotency-Key, If-Match, Last-Event-ID",
        "access-control-max-age": "600",
        "access-control-expose-headers":
          "Catalog-Collection-Identity, Catalog-Version, ETag, Idempotency-Replayed, Location, "
          + "Retry-After, WWW-Authenticate",
        "vary": "Origin",
      ])
    let write = try Self.send(
      "DELETE /api/collections/people/items/p1 HTTP/1.1\r\nOrigin: \(Self.app)\r\n"
        + "Authorization: Bearer \(fixture.writer)\r\n", to: fixture)
    #expect(write.status == 200)
    #expect(write.headers["access-control-allow-origin"] == Self.app)
    #expect(write.headers["access-control-allow-credentials"] == nil)
    // Refusals carry them too, so that the page can read why.
    let refused = try Self.send(
      "GET /api/collections HTTP/1.1\r\nOrigin: http://localhost:3000\r\n", to: fixture)
    #expect(refused.status == 401)
    #expect(refused.headers["access-control-allow-origin"] == "http://localhost:3000")
    // Any other origin gets none, its preflight no methods, whatever it claims.
    for origin in ["https://evil.example", "https://app.example.evil", "null", Self.app + "/"] {
      let other = try Self.send(
        "OPTIONS /api/collections/people/items HTTP/1.1\r\nOrigin: \(origin)\r\n"
          + "Access-Control-Request-Method: POST\r\n", to: fixture)
      #expect(other.status == 204)
      #expect(Self.corsHeaders(other) == ["vary": "Origin"], "\(origin)")
      let read = try Self.send(
        "GET /api/collections/people/items/p2 HTTP/1.1\r\nOrigin: \(origin)\r\n"
          + "Authorization: Bearer \(fixture.reader)\r\n", to: fixture)
      #expect(read.status == 200)
      #expect(Self.corsHeaders(read) == ["vary": "Origin"], "\(origin)")
    }
    let nowhere = try Self.send(
      "OPTIONS /nowhere HTTP/1.1\r\nOrigin: \(Self.app)\r\n", to: fixture)
    #expect(nowhere.status == 404)
  }
}
