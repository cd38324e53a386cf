import CatalogRecords
import CatalogStore
import CatalogTokens
import CatalogWebAssets
import Foundation

/// Sends each request to the page or to the API by its path and method, and every failure to an
/// error response (DESIGN §13, §15): `/` and `/assets/NAME` are the embedded page files (no path
/// ever reaches the file system), `/api/collections[/NAME[/ENDPOINT]]` the JSON API, whose list
/// answers carry the catalog version they describe (`Catalog-Version`),
/// `/api/collections/NAME/changes` the change sets after a version as Server-Sent Events, and
/// `/api/collections/NAME/items[/ITEM]` the items and their writes.
///
/// A request with several faults gets the first of 401, 403, 404, 405, 415 and 413, all found
/// before its body is read, then the 400 or 412 that its body or its write leads to.
struct Router: Sendable {
  let api: CatalogAPI
  let items: ItemAPI
  let history: HistoryAPI
  let gatekeeper: Gatekeeper
  let crossOrigin: CrossOrigin
  let limits: ServerLimits

  /// The header of a list endpoint's answer that names the catalog version its records
  /// describe, so that a client can follow on with the change sets after it.
  static let versionHeader = "Catalog-Version"
  /// The header of a read that must see at least that catalog version (a client's own write,
  /// made through the primary, on a server that reads a standby): the read waits for it up to
  /// `minimumVersionWait`.
  static let minimumVersionHeader = "Catalog-Min-Version"
  /// How long a read waits for the version its `Catalog-Min-Version` names, before a 503.
  static let minimumVersionWait = Duration.seconds(5)

  /// The header of every answer about a collection that names its identity (DESIGN §16), which
  /// a collection made anew (replaced, or dropped and made again) changes.
  static let identityHeader = "Catalog-Collection-Identity"

  /// The page's policy: its own files only, no inline script, no framing.
  static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"

  /// The modes of `PUT …/items?mode=`, as `catalog import` has them.
  static let uploadModes: [String: ImportOptions.Mode] = [
    "append": .append, "upsert": .upsert, "sync": .sync, "replace": .replace,
  ]

  /// What to do with `request`, whose headers are in.
  func handling(of request: HTTPRequest) -> RequestHandling {
    do {
      switch try route(request) {
      case .respond(let response):
        return .respond(crossOrigin.decorate(response, for: request))
      case .receive(let receiver, let limit, let tooLarge):
        return .receive(
          receiver, limit: limit, tooLarge: crossOrigin.decorate(tooLarge, for: request))
      }
    } catch {
      return .respond(crossOrigin.decorate(.error(error), for: request))
    }
  }

  private func route(_ request: HTTPRequest) throws(APIError) -> RequestHandling {
    guard request.targetLength <= limits.targetLength else {
      throw .targetTooLong(limit: limits.targetLength)
    }
    let resource = try Resource(path: request.rawPath)
    if request.method == "OPTIONS" {
      if case .nothing(let message) = resource { throw .notFound(message) }
      return .respond(crossOrigin.preflight(request, methods: resource.methods))
    }
    let token = try gatekeeper.admit(request, to: resource)
    if case .nothing(let message) = resource { throw .notFound(message) }
    guard resource.methods.contains(request.method) else {
      // An unknown collection is a 404 before the method is a 405.
      if let name = resource.collection { _ = try items.collection(named: name) }
      throw .methodNotAllowed(request.method, allowed: resource.methods)
    }
    if request.isRead || request.method == "DELETE" {
      guard !request.hasBody else {
        throw .badRequest(
          "\(request.method) takes no request body; send the parameters in the query")
      }
    }
    if request.isRead, let text = request[header: Self.minimumVersionHeader.lowercased()] {
      guard let version = Int(text), version >= 0 else {
        throw .badRequest(
          "\(Self.minimumVersionHeader) must be a catalog version, a whole number, not '\(text)'")
      }
      try api.catalogs.waitUntilReading(version: version, upTo: Self.minimumVersionWait)
    }
    let once = request.isRead ? nil : try IdempotentWrite(request, token: token)
    // A request whose key has an answer kept gets it again (or a 422), whatever became of the
    // item or collection since: its write was done.
    if let once, try items.isRecorded(once) {
      guard request.hasBody else { return .respond(try items.replay(once)) }
      let limit = request.method == "PUT" ? limits.uploadBytes : limits.bodyBytes
      let tooLarge = try checkLength(of: request, limit: limit, what: "the body")
      return .receive(
        try ReplayReceiver(
          once, catalogs: items.catalogs,
          finishing: { [crossOrigin] in crossOrigin.decorate($0, for: request) }),
        limit: limit, tooLarge: tooLarge)
    }
    switch (request.method, resource) {
    case ("DELETE", .item(let name, let text)):
      let collection = try items.collection(named: name)
      try items.checkItem(text, in: collection)
      _ = try QueryParameters(request.rawArguments, accepted: [], limits: limits)
      return .respond(
        try items.remove(
          text, in: collection, condition: try condition(of: request), once: once))
    case ("POST", .items(let name)):
      return try receiveJSON(request, into: try items.collection(named: name)) { collection in
        { (body, bytes) throws(APIError) in
          try items.add(body, to: collection, once: once, bytes: bytes)
        }
      }
    case ("PATCH", .item(let name, let text)):
      let collection = try items.collection(named: name)
      try items.checkItem(text, in: collection)
      return try receiveJSON(request, into: collection) { collection throws(APIError) in
        let condition = try condition(of: request)
        return { (body, bytes) throws(APIError) in
          guard case .object(let fields) = body else {
            throw .badRequest("the body of a PATCH must be one object of fields")
          }
          return try items.update(
            text, in: collection, setting: fields, condition: condition, once: once,
            bytes: bytes)
        }
      }
    case ("PUT", .items(let name)):
      return try receiveCSV(request, into: name, once: once)
    case ("PUT", .notes(let name)):
      return try receiveJSON(request, into: try items.collection(named: name)) { collection in
        { (body, bytes) throws(APIError) in
          guard case .object(let fields) = body, let change = NoteChange(fields: fields) else {
            throw .badRequest(
              "the body of a PUT of notes is one object of 'header' and 'footer' (one at "
                + "least; empty removes it), and 'section' with 'group_by' for a section's")
          }
          return try items.annotate(collection, change, once: once, bytes: bytes)
        }
      }
    default:
      return .respond(try read(resource, request, token: token))
    }
  }

  /// The answer to a `GET` or `HEAD` of `resource`, for a request that presented `token`.
  private func read(_ resource: Resource, _ request: HTTPRequest, token: AccessToken?)
    throws(APIError) -> HTTPResponse
  {
    switch resource {
    case .page(let name):
      return try page(name)
    case .collections:
      return .json(Self.jsonArray(try api.collections(request.rawArguments, for: token)))
    case .collection(let name):
      let (record, identity) = try api.collection(named: name, request.rawArguments)
      var response = HTTPResponse.json(Array((record.json + "\n").utf8))
      response.headers.append((Self.identityHeader, identity))
      return response
    case .list(let name, let endpoint):
      let answer = try api.records(of: endpoint, in: name, request.rawArguments)
      var response = HTTPResponse.json(Self.jsonArray(answer.records))
      response.headers.append((Self.versionHeader, String(answer.version)))
      response.headers.append((Self.identityHeader, answer.identity))
      return response
    case .changes(let name):
      let (stream, identity) = try api.changes(
        in: name, request.rawArguments, lastEventID: request[header: "last-event-id"])
      return HTTPResponse(
        status: 200, contentType: "text/event-stream; charset=utf-8", body: .stream(stream),
        headers: [("Cache-Control", "no-store"), (Self.identityHeader, identity)])
    case .items(let name):
      return try history.page(of: name, request)
    case .item(let name, let text):
      _ = try QueryParameters(request.rawArguments, accepted: [], limits: limits)
      return try items.item(text, in: name)
    case .notes(let name):
      _ = try QueryParameters(request.rawArguments, accepted: [], limits: limits)
      return try items.notes(of: name)
    case .nothing:
      throw .notFound("nothing at \(request.rawPath)")
    }
  }

  /// Reads a JSON body for a write to `collection`, after the 415 and 413 its headers can earn;
  /// `respond` makes, once the headers pass, the answer to the body.
  private func receiveJSON(
    _ request: HTTPRequest, into collection: CollectionInfo,
    respond: (CollectionInfo) throws(APIError) -> (FieldsBody, [UInt8]) throws(APIError)
      -> HTTPResponse
  ) throws(APIError) -> RequestHandling {
    try checkMediaType(of: request, is: "application/json")
    let tooLarge = try checkLength(of: request, limit: limits.bodyBytes, what: "the JSON body")
    _ = try QueryParameters(request.rawArguments, accepted: [], limits: limits)
    let answer = try respond(collection)
    return .receive(
      JSONBodyReceiver(
        respond: answer, finishing: { [crossOrigin] in crossOrigin.decorate($0, for: request) }),
      limit: limits.bodyBytes, tooLarge: tooLarge)
  }

  /// Imports a CSV body into the collection `name` as it arrives, with the mode and settings of
  /// the query (`mode`, and `key`, `title`, `locale` as `catalog import` takes them).
  private func receiveCSV(_ request: HTTPRequest, into name: String, once: IdempotentWrite?)
    throws(APIError) -> RequestHandling
  {
    let mode = request.rawArguments.first { $0.name == "mode" }.flatMap {
      PercentEncoding.decode($0.value, plusIsSpace: true)
    }
    // A replace makes the collection when there is none; the other modes never do (the import
    // refuses an unknown collection too), and their 404 comes before the 415 and 413.
    if mode != "replace" { _ = try items.collection(named: name) }
    try checkMediaType(of: request, is: "text/csv")
    let tooLarge = try checkLength(of: request, limit: limits.uploadBytes, what: "the CSV body")
    let parameters = try QueryParameters(
      request.rawArguments, accepted: ["mode", "key", "title", "locale"], limits: limits)
    guard let mode = parameters["mode"].flatMap({ Self.uploadModes[$0] }) else {
      throw .badRequest(
        "a PUT of CSV needs the parameter 'mode': append, upsert, sync or replace")
    }
    var options = ImportOptions(
      collection: name, titleColumn: parameters["title"], key: parameters["key"], mode: mode)
    options.locale = try CatalogAPI.locale(parameters)
    let upload = try CSVUpload(
      options: options, catalogs: items.catalogs, once: once,
      finishing: { [crossOrigin] in crossOrigin.decorate($0, for: request) })
    return .receive(upload, limit: limits.uploadBytes, tooLarge: tooLarge)
  }

  /// The `If-Match` condition of a request, if it has one.
  private func condition(of request: HTTPRequest) throws(APIError) -> VersionCondition? {
    try request[header: "if-match"].map { (header) throws(APIError) in
      try VersionCondition(header: header)
    }
  }

  /// Checks that the body is of `mediaType`, in UTF-8 when it says.
  ///
  /// - Throws: `APIError` 415 otherwise.
  private func checkMediaType(of request: HTTPRequest, is mediaType: String) throws(APIError) {
    let given = request[header: "content-type"]
    let parts = (given ?? "").split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let parametersAreUTF8 = parts.dropFirst().allSatisfy {
      $0 == "charset=utf-8" || $0 == "charset=\"utf-8\""
    }
    guard parts.first == mediaType, parametersAreUTF8 else {
      throw .unsupportedMediaType(given, expected: "\(mediaType) in UTF-8")
    }
  }

  /// The 413 for a body over `limit`, thrown now when `Content-Length` says so already, else
  /// returned for the daemon to answer with once the body turns out to be.
  private func checkLength(of request: HTTPRequest, limit: Int, what: String) throws(APIError)
    -> HTTPResponse
  {
    let tooLarge = APIError.tooLarge(limit: limit, what: what)
    if let length = request.contentLength, length > UInt64(limit) { throw tooLarge }
    return .error(tooLarge)
  }

  /// A file of the page. None sends a `Referer`: the page's first address may hold a token.
  private func page(_ name: String) throws(APIError) -> HTTPResponse {
    guard let asset = WebAsset.named(name) else { throw .notFound("no page file '\(name)'") }
    return HTTPResponse(
      status: 200, contentType: asset.contentType, body: .bytes(asset.bytes),
      headers: [
        ("Cache-Control", "no-cache"), ("Content-Security-Policy", Self.contentSecurityPolicy),
        ("Referrer-Policy", "no-referrer"),
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
