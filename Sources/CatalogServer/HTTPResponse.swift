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
  let contentType: String
  let body: Body
  var headers: [(name: String, value: String)] = []

  /// A JSON response: `body` is JSON text.
  static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8", body: .bytes(body),
      headers: [("Cache-Control", "no-store")])
  }

  /// `{"error":"…"}` with the error's status.
  static func error(_ error: APIError) -> HTTPResponse {
    var body: [UInt8] = Array(#"{"error":"#.utf8)
    JSONText.appendQuoted(error.message, to: &body)
    body += Array("}\n".utf8)
    var response = json(body, status: error.status)
    if error.status == 405 { response.headers.append(("Allow", "GET, HEAD")) }
    return response
  }
}
