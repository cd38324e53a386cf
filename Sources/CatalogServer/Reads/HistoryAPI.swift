import CatalogStore

/// `GET /api/collections/NAME/items`: a collection's items a page at a time, for a device that
/// mirrors it (DESIGN §16). Without `since`, the whole collection by item number, each page read
/// at the version it names (a first copy); with `since=V`, the items written or removed after
/// version V, ordered by version and item, removals with the version that removed them. Each
/// page names the next (`next`, a path with its query), and the catalog version it was read at.
///
/// A copy's pages may come as CSV (`format=csv`): the item's number and version, then the
/// collection's columns, a line an item (`MirrorCopyPage`); the next page in a `Link` header
/// (`rel="next"`), the version and identity in the headers every page has. A device reads them
/// as fast as a file.
///
/// Every JSON page says the version of the collection's notes (`notes_version`, its last
/// `annotate`); with `notes_after=N` and a later one, it carries them whole (`notes`), for a
/// device that follows them.
///
/// When the changes after V cannot all be given — the collection's history starts after V, or
/// the client's `identity` is not the collection's (it was made anew) — the answer is a 410 with
/// a `reason` (`expired`, `identity`), never a page that misses a removal.
struct HistoryAPI: Sendable {
  let catalogs: CatalogPool
  let limits: ServerLimits

  static let acceptedParameters = ["since", "after", "limit", "identity", "format", "notes_after"]
  /// The items of a page when `limit` is not given, and the most it may ask for.
  static let defaultLimit = 1000
  static let maximumLimit = 10_000

  /// The page that `request` asks for.
  ///
  /// - Throws: `APIError` 400 for a bad parameter or a version after the catalog's, 404 for an
  ///   unknown collection, 410 when the changes asked for cannot all be given.
  func page(of name: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let parameters = try QueryParameters(
      request.rawArguments, accepted: Self.acceptedParameters, limits: limits)
    let limit = try parameters.integer(
      "limit", in: 1...Self.maximumLimit, default: Self.defaultLimit)
    let identity = try Self.identity(parameters, request)
    let isCSV = try Self.isCSV(parameters)
    let start: ItemPageStart
    if parameters["since"] != nil {
      if isCSV {
        throw .badRequest(
          "format=csv is for the pages of a copy, which have no removals: leave out 'since'")
      }
      let since = try parameters.integer("since", in: 0...Int.max, default: 0)
      start = .changes(since: since, after: try parameters["after"].map(Self.position))
    } else {
      start = .copy(
        after: try parameters["after"] == nil
          ? nil : parameters.integer("after", in: 0...Int.max, default: 0))
    }
    let notesAfter =
      try parameters["notes_after"] == nil
      ? nil : parameters.integer("notes_after", in: -1...Int.max, default: 0)
    let answer = try catalogs.reading { (catalog) throws(CatalogError) in
      try catalog.itemPage(
        of: name, from: start, identity: identity, limit: limit, notesAfter: notesAfter)
    }
    switch answer {
    case .page(let page):
      var response =
        isCSV
        ? HTTPResponse.csv(MirrorCopyPage.csv(of: page))
        : HTTPResponse.json(
          Self.body(of: page, start: start, limit: limit, notesAfter: notesAfter))
      response.headers += [
        (Router.versionHeader, String(page.version)), (Router.identityHeader, page.identity),
      ]
      if isCSV, let next = page.next {
        let target =
          Self.target(of: next, in: page, limit: limit, notesAfter: nil) + "&format=csv"
        response.headers.append(("Link", "<\(target)>; rel=\"next\""))
      }
      return response
    case .unavailable(let gap, let current):
      var error: APIError
      switch gap {
      case .identityChanged:
        error = .gone(
          "the collection '\(name)' was made anew (replaced, or dropped and made again) since "
            + "the identity given; copy it again from its first page",
          reason: "identity")
      case .notKept(let since, let floor):
        error = .gone(
          "the changes after version \(since) are no longer all kept: the history of '\(name)' "
            + "starts after version \(floor); copy it again from its first page",
          reason: "expired")
      }
      error.headers = [(Router.identityHeader, current)]
      throw error
    }
  }

  /// The identity the client holds the collection under: the parameter `identity`, or the header
  /// `Catalog-Collection-Identity`.
  ///
  /// - Throws: `APIError` 400 when both are given and differ.
  private static func identity(_ parameters: QueryParameters, _ request: HTTPRequest)
    throws(APIError) -> String?
  {
    let header = request[header: Router.identityHeader.lowercased()]
    if let header, let parameter = parameters["identity"], header != parameter {
      throw .badRequest(
        "the parameter 'identity' and the header \(Router.identityHeader) name two identities")
    }
    return parameters["identity"] ?? header
  }

  /// Whether `format` asks for CSV; JSON, its default, may be named too.
  ///
  /// - Throws: `APIError` 400 for another format.
  private static func isCSV(_ parameters: QueryParameters) throws(APIError) -> Bool {
    switch parameters["format"] {
    case nil, "json": return false
    case "csv": return true
    case let other?:
      throw .badRequest("the format '\(other)' is not one of json and csv")
    }
  }

  /// A position in the order of changes, as `after` spells it: `VERSION.ITEM`.
  ///
  /// - Throws: `APIError` 400 for another spelling.
  private static func position(_ text: String) throws(APIError) -> ItemChangePosition {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let version = Int(parts[0]), let item = Int(parts[1]), version >= 0,
      item >= 0
    else {
      throw .badRequest(
        "the value '\(text)' of 'after' is not a place in the changes (VERSION.ITEM, as a "
          + "page's 'next' gives it)")
    }
    return ItemChangePosition(version: version, item: item)
  }

  /// `{"collection":…,"identity":…,"version":V,"since":S,"next":…,"items":[…]}`, one item a
  /// line: `{"item":N,"key":…,"version":V,"fields":{…}}`, or `"removed":true` instead of the
  /// fields.
  private static func body(
    of page: ItemPage, start: ItemPageStart, limit: Int, notesAfter: Int?
  ) -> [UInt8] {
    var since: Int?
    if case .changes(let version, _) = start { since = version }
    var body = Array(#"{"collection":"#.utf8)
    JSONText.appendQuoted(page.collection.name, to: &body)
    body += Array(#","identity":"#.utf8)
    JSONText.appendQuoted(page.identity, to: &body)
    // The columns in order, so that a device makes its copy with them even from an empty page.
    body += Array(#","columns":"#.utf8) + Array(JSONText.array(page.collection.columns).utf8)
    body += Array(#","version":\#(page.version),"since":\#(since.map(String.init) ?? "null")"#.utf8)
    body += Array(#","notes_version":\#(page.notesVersion)"#.utf8)
    if let notes = page.notes {
      body += Array(#","notes":"#.utf8) + ItemAPI.notesJSON(notes)
    }
    body += Array(#","next":"#.utf8)
    if let next = page.next {
      JSONText.appendQuoted(
        Self.target(of: next, in: page, limit: limit, notesAfter: notesAfter), to: &body)
    } else {
      body += Array("null".utf8)
    }
    body += Array(#","items":["#.utf8)
    for (position, change) in page.changes.enumerated() {
      body += Array((position == 0 ? "\n" : ",\n").utf8)
      body += Array(#"{"item":\#(change.item),"key":"#.utf8)
      if let key = change.key {
        JSONText.appendQuoted(key, to: &body)
      } else {
        body += Array("null".utf8)
      }
      body += Array(#","version":\#(change.version),"#.utf8)
      if let fields = change.fields {
        body += Array(#""fields":{"#.utf8)
        for (index, (column, value)) in zip(page.collection.columns, fields).enumerated() {
          if index > 0 { body.append(UInt8(ascii: ",")) }
          JSONText.appendQuoted(column, to: &body)
          body.append(UInt8(ascii: ":"))
          JSONText.appendQuoted(value, to: &body)
        }
        body += Array("}}".utf8)
      } else {
        body += Array(#""removed":true}"#.utf8)
      }
    }
    body += Array((page.changes.isEmpty ? "]}\n" : "\n]}\n").utf8)
    return body
  }

  /// The path and query of the page that starts at `next`; with `notesAfter`, the version of
  /// the notes the client holds once it has `page`.
  private static func target(
    of next: ItemPageStart, in page: ItemPage, limit: Int, notesAfter: Int?
  ) -> String {
    var query: [String] = []
    switch next {
    case .copy(let after):
      if let after { query.append("after=\(after)") }
    case .changes(let since, let after):
      query.append("since=\(since)")
      if let after { query.append("after=\(after.version).\(after.item)") }
    }
    query += ["limit=\(limit)", "identity=\(page.identity)"]
    if let notesAfter { query.append("notes_after=\(max(notesAfter, page.notesVersion))") }
    return ItemAPI.location(in: page.collection.name) + "/items?" + query.joined(separator: "&")
  }
}
