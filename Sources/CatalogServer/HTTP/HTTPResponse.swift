import CatalogStore

/// What the server answers: a status, a media type, a body, and headers beyond the usual ones.
struct HTTPResponse {
  /// What follows the headers.
  enum Body {
    /// Bytes known in full, sent with their length.
    case bytes([UInt8])
    /// Bytes made while they are sent, chunked, until the stream ends or the client goes.
    case stream(any ResponseStream)
  }

  let status: Int
  /// The body's media type; empty for a response without a body (204).
  let contentType: String
  let body: Body
  var headers: [(name: String, value: String)] = []

  /// A JSON response: `body` is JSON text.
  static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8", body: .bytes(body),
      headers: [("Cache-Control", "no-store")])
  }

  /// A CSV response: `body` is CSV text with a header line.
  static func csv(_ body: [UInt8]) -> HTTPResponse {
    HTTPResponse(
      status: 200, contentType: "text/csv; charset=utf-8; header=present", body: .bytes(body),
      headers: [("Cache-Control", "no-store")])
  }

  /// `{"error":"…"}` with the error's status.
  static func error(_ error: APIError) -> HTTPResponse {
    var body: [UInt8] = Array(#"{"error":"#.utf8)
    JSONText.appendQuoted(error.message, to: &body)
    if let reason = error.reason {
      body += Array(#","reason":"#.utf8)
      JSONText.appendQuoted(reason, to: &body)
    }
    body += Array("}\n".utf8)
    var response = json(body, status: error.status)
    response.headers += error.headers
    switch error.status {
    case 401: response.headers.append(("WWW-Authenticate", "Bearer"))
    case 405: response.headers.append(("Allow", error.allowedMethods.joined(separator: ", ")))
    // The catalog was busy for longer than the busy timeout: a second later it may not be.
    case 503: response.headers.append(("Retry-After", "1"))
    default: break
    }
    return response
  }

  /// A write's summary (DESIGN §9) as its JSON object, with `status`.
  static func summary(_ summary: WriteSummary, status: Int = 200) -> HTTPResponse {
    json(Array((summary.jsonText + "\n").utf8), status: status)
  }
}
