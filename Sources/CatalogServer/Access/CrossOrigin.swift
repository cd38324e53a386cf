/// The cross-origin rules of DESIGN §15: no CORS headers at all unless origins are allowed
/// (`serve --allow-origin`); then their requests get `Access-Control-Allow-Origin` and their
/// preflights an answer, and no other origin's. Credentials are never allowed: nothing is
/// authorised by cookies, a page sends its token in the `Authorization` header.
struct CrossOrigin: Sendable {
  let allowedOrigins: [String]

  /// The request headers a page may send.
  static let allowedHeaders =
    "Authorization, Catalog-Collection-Identity, Catalog-Min-Version, Content-Type, "
    + "Idempotency-Key, If-Match, Last-Event-ID"
  /// The response headers a page may read.
  static let exposedHeaders =
    "Catalog-Collection-Identity, Catalog-Version, ETag, Idempotency-Replayed, Location, Retry-After, "
    + "WWW-Authenticate"
  /// How long a browser may keep a preflight's answer, in seconds.
  static let preflightSeconds = 600

  /// The request's `Origin` when it is one of the allowed ones.
  func allowedOrigin(of request: HTTPRequest) -> String? {
    guard let origin = request[header: "origin"] else { return nil }
    return allowedOrigins.first { $0 == origin }
  }

  /// `response` with the cross-origin headers that `request` gets.
  func decorate(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard !allowedOrigins.isEmpty else { return response }
    var response = response
    // The answer depends on the origin once any is allowed.
    response.headers.append(("Vary", "Origin"))
    if let origin = allowedOrigin(of: request) {
      response.headers += [
        ("Access-Control-Allow-Origin", origin),
        ("Access-Control-Expose-Headers", Self.exposedHeaders),
      ]
    }
    return response
  }

  /// The answer to `OPTIONS` on a resource with `methods`: a preflight from an allowed origin
  /// gets the methods and headers it may use; any other request only `Allow`.
  func preflight(_ request: HTTPRequest, methods: [String]) -> HTTPResponse {
    var response = HTTPResponse(
      status: 204, contentType: "", body: .bytes([]),
      headers: [("Allow", (methods + ["OPTIONS"]).joined(separator: ", "))])
    if allowedOrigin(of: request) != nil, request[header: "access-control-request-method"] != nil {
      response.headers += [
        ("Access-Control-Allow-Methods", methods.joined(separator: ", ")),
        ("Access-Control-Allow-Headers", Self.allowedHeaders),
        ("Access-Control-Max-Age", String(Self.preflightSeconds)),
      ]
    }
    return decorate(response, for: request)
  }
}
