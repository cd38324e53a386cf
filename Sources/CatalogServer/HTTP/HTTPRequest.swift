/// One request as the HTTP library hands it over once its headers are in, before any decoding:
/// the method, the path and the query arguments exactly as the client sent them (percent escapes
/// kept), and the headers.
struct HTTPRequest: Sendable {
  /// `GET`, `HEAD`, `POST` …
  let method: String
  /// The path, from its leading slash to the `?`, percent escapes kept.
  let rawPath: String
  /// The query arguments in the order sent; a name sent without `=` has an empty value.
  let rawArguments: [(name: String, value: String)]
  /// The headers by lowercase name; a header sent more than once has its values joined by `, `,
  /// as HTTP says they may be.
  var headers: [String: String] = [:]

  /// The header called `name` (in lowercase), or nil when it was not sent.
  subscript(header name: String) -> String? { headers[name] }

  /// Whether the request comes with a body: a `Content-Length` other than 0, or a
  /// `Transfer-Encoding`.
  var hasBody: Bool {
    if headers["transfer-encoding"] != nil { return true }
    return headers["content-length"].map { $0 != "0" } ?? false
  }

  /// The body's length as `Content-Length` gives it; nil when it does not (a chunked body) or
  /// gives no number.
  var contentLength: UInt64? { headers["content-length"].flatMap { UInt64($0) } }

  /// Whether the method only reads: `GET` and `HEAD`.
  var isRead: Bool { method == "GET" || method == "HEAD" }

  /// The length of the request target, near enough to bound it: path, names, values and the
  /// `?`, `=` and `&` between them.
  var targetLength: Int {
    rawArguments.reduce(rawPath.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
  }
}
