import CatalogRecords
import CatalogWebAssets

/// Sends each request to the page or to the API by its path, and every failure to an error
/// response: `/` and `/assets/NAME` are the embedded page files (no path ever reaches the file
/// system), `/api/collections[/NAME/ENDPOINT]` the JSON API, whose list answers carry the
/// catalog version they describe (`Catalog-Version`), and `/api/collections/NAME/changes` the
/// change sets after a version as Server-Sent Events.
struct Router: Sendable {
  let api: CatalogAPI
  let limits: ServerLimits

  /// The header of a list endpoint's answer that names the catalog version its records
  /// describe, so that a client can follow on with the change sets after it.
  static let versionHeader = "Catalog-Version"

  /// The page's policy: its own files only, no inline script, no framing.
  static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"

  func response(to request: HTTPRequest) -> HTTPResponse {
    do {
      return try route(request)
    } catch {
      return .error(error)
    }
  }

  private func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      throw .methodNotAllowed(request.method)
    }
    guard !request.hasBody else {
      throw .badRequest("the server takes no request body; send the parameters in the query")
    }
    guard request.targetLength <= limits.targetLength else {
      throw .targetTooLong(limit: limits.targetLength)
    }
    let segments = try pathSegments(request.rawPath)
    switch segments.count {
    case 1 where segments[0].isEmpty:
      return try page("index.html")
    case 2 where segments[0] == "assets":
      return try page(segments[1])
    case 2 where segments == ["api", "collections"]:
      return .json(Self.jsonArray(try api.collections(request.rawArguments)))
    case 4 where segments[0] == "api" && segments[1] == "collections" && segments[3] == "changes":
      let stream = try api.changes(
        in: segments[2], request.rawArguments, lastEventID: request.lastEventID)
      return HTTPResponse(
        status: 200, contentType: "text/event-stream; charset=utf-8", body: .stream(stream),
        headers: [("Cache-Control", "no-store")])
    case 4 where segments[0] == "api" && segments[1] == "collections":
      guard let endpoint = ListEndpoint(rawValue: segments[3]) else {
        throw .notFound(
          "no endpoint '\(segments[3])'; the endpoints are: "
            + (ListEndpoint.allCases.map(\.rawValue) + ["changes"]).joined(separator: ", "))
      }
      let answer = try api.records(of: endpoint, in: segments[2], request.rawArguments)
      var response = HTTPResponse.json(Self.jsonArray(answer.records))
      response.headers.append((Self.versionHeader, String(answer.version)))
      return response
    default:
      throw .notFound("nothing at \(request.rawPath)")
    }
  }

  /// The decoded parts of the path between its slashes, without the leading one.
  private func pathSegments(_ path: String) throws(APIError) -> [String] {
    guard path.hasPrefix("/") else { throw .badRequest("the path must start with '/'") }
    var segments: [String] = []
    for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let segment = PercentDecoding.decode(String(raw)) else {
        throw .badRequest("the path is not valid percent-encoded UTF-8")
      }
      segments.append(segment)
    }
    return segments
  }

  private func page(_ name: String) throws(APIError) -> HTTPResponse {
    guard let asset = WebAsset.named(name) else { throw .notFound("no page file '\(name)'") }
    return HTTPResponse(
      status: 200, contentType: asset.contentType, body: .bytes(asset.bytes),
      headers: [
        ("Cache-Control", "no-cache"), ("Content-Security-Policy", Self.contentSecurityPolicy),
      ])
  }

  /// The records as a JSON array, one per line as the command line prints them:
  /// `[\n{…},\n{…}\n]\n`, or `[]\n` when there are none.
  static func jsonArray(_ records: [Record]) -> [UInt8] {
    guard !records.isEmpty else { return Array("[]\n".utf8) }
    var body = Array("[\n".utf8)
    for (position, record) in records.enumerated() {
      if position > 0 { body += Array(",\n".utf8) }
      record.appendJSON(to: &body)
    }
    body += Array("\n]\n".utf8)
    return body
  }
}
