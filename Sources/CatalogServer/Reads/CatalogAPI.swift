import CatalogCollation
import CatalogQuery
import CatalogRecords
import CatalogStore
import CatalogTokens

/// The JSON API of DESIGN §13 over one catalog file: each answer is a JSON array of the records
/// that the command line prints with `--format json` for the same query.
///
/// Every request borrows a `Catalog` of the pool for as long as it is answered (a change stream
/// opens one of its own): a connection is never used by two threads at once, and each answer
/// reads one version of the catalog.
struct CatalogAPI: Sendable {
  let catalogs: CatalogPool
  let limits: ServerLimits
  /// Told when a query has to build a grouping, index titles or search keys first.
  let notice: @Sendable (String) -> Void
  /// The change streams being sent, at most `limits.streams`.
  let streamSlots: StreamSlots

  init(
    catalogs: CatalogPool, limits: ServerLimits, notice: @escaping @Sendable (String) -> Void
  ) {
    self.catalogs = catalogs
    self.limits = limits
    self.notice = notice
    streamSlots = StreamSlots(limit: limits.streams)
  }

  /// The records of a list endpoint and the catalog version they describe, which the list read
  /// through one snapshot.
  struct ListAnswer {
    let records: [Record]
    let version: Int
    /// The collection's identity (DESIGN §16).
    let identity: String
  }

  /// `GET /api/collections`: as `catalog collections --format json`; of those `token` may use,
  /// when it names some.
  func collections(_ arguments: [(name: String, value: String)], for token: AccessToken?)
    throws(APIError) -> [Record]
  {
    _ = try QueryParameters(arguments, accepted: [], limits: limits)
    let records = try catalogs.reading { catalog throws(CatalogError) in
      try Record.collections(in: catalog, includingIdentity: true)
    }
    guard let token, token.collections != nil else { return records }
    return records.filter { record in
      guard case .text(let name) = record.values[0] else { return false }
      return token.covers(collection: name)
    }
  }

  /// `GET /api/collections/NAME`: the collection's record, as `catalog collections --format
  /// json` prints it, and its identity.
  func collection(named name: String, _ arguments: [(name: String, value: String)])
    throws(APIError) -> (record: Record, identity: String)
  {
    _ = try QueryParameters(arguments, accepted: [], limits: limits)
    return try catalogs.reading { catalog -> (record: Record, identity: String) in
      let collection = try catalog.resolveCollection(named: name)
      let identity = try catalog.identity(of: collection)
      return (
        Record(
          collection: collection, groupings: try catalog.lists(of: collection),
          includingNotes: Record.hasNotes([collection]), identity: identity),
        identity
      )
    }
  }

  /// `GET /api/collections/NAME/ENDPOINT`: as `catalog sections`, `index`, `list` and `search`
  /// with `--format json` and the same options.
  func records(
    of endpoint: ListEndpoint, in collection: String,
    _ arguments: [(name: String, value: String)]
  ) throws(APIError) -> ListAnswer {
    let parameters = try QueryParameters(
      arguments, accepted: endpoint.acceptedParameters, limits: limits)
    let locale = try Self.locale(parameters)
    let page = try parameters.page()
    let compact = try parameters.flag("compact")
    // `fit` as `catalog index --fit N`: at least 3 entries (0 stands for not given).
    let fit = try parameters.integer("fit", in: 3...Int(Int32.max), default: 0)
    let text = parameters["q"]
    if endpoint == .search && text == nil {
      throw .badRequest("a search needs the text to find as the parameter 'q'")
    }
    return try catalogs.reading { catalog in
      let list = try IndexedList(
        catalog: catalog, collection: collection,
        grouping: parameters["group_by"].map(Grouping.column) ?? .letters,
        indexBy: parameters["index_by"], locale: locale, willBuild: notice)
      let records: [Record]
      switch endpoint {
      case .sections:
        records = try list.sections().collect().map {
          Record(section: $0, includingNotes: list.hasSectionNotes)
        }
      case .index:
        let entries = try list.indexEntries(compact: compact)
        records =
          fit > 0
          ? entries.fitted(toAtMost: fit).map { Record(indexEntry: $0, fitted: true) }
          : entries.map { Record(indexEntry: $0) }
      case .rows:
        records = try items(list.items(fromRow: page.offset, limit: page.limit), of: list)
      case .search:
        let results = try list.search(text ?? "", limit: page.offset + page.limit) {
          notice("building the search keys of '\(list.collection.name)'")
        }
        for _ in 0..<page.offset where try results.next() == nil { break }
        records = try items(results, of: list)
      }
      return ListAnswer(
        records: records, version: list.version, identity: try catalog.identity(of: list.collection)
      )
    }
  }

  /// `GET /api/collections/NAME/changes`: the change sets of the list (`group_by`, `locale`)
  /// after version `since` (default: the version now), or after `lastEventID` when an
  /// EventSource reconnects, as a stream of events (`ChangeEventStream`); and the collection's
  /// identity.
  ///
  /// - Throws: `APIError` 400 for a bad parameter or a version after the catalog's, 404 for an
  ///   unknown collection or column, 503 when `limits.streams` streams are being sent already.
  func changes(
    in collection: String, _ arguments: [(name: String, value: String)], lastEventID: String?
  ) throws(APIError) -> (stream: ChangeEventStream, identity: String) {
    let parameters = try QueryParameters(
      arguments, accepted: ChangeEventStream.acceptedParameters, limits: limits)
    let locale = try Self.locale(parameters)
    var resumed: Int?
    if parameters["since"] != nil {
      resumed = try parameters.integer("since", in: 0...Int.max, default: 0)
    }
    if let lastEventID {
      guard let version = Int(lastEventID), version >= 0 else {
        throw .badRequest("the Last-Event-ID header '\(lastEventID)' is not a catalog version")
      }
      resumed = version
    }
    guard let slot = streamSlots.take() else {
      throw APIError(
        status: 503,
        message: "the server sends \(limits.streams) change streams already, as many as it "
          + "sends at once; try again later")
    }
    return try catalogs.opening { catalog -> (stream: ChangeEventStream, identity: String) in
      let watcher = try VersionWatcher(catalog: catalog)
      // The list only checks the collection, column and locale, and says which version the
      // stream starts at; its snapshot ends with this call, so that none is held while the
      // stream waits.
      let list = try IndexedList(
        catalog: catalog, collection: collection,
        grouping: parameters["group_by"].map(Grouping.column) ?? .letters, locale: locale,
        willBuild: notice)
      let since = resumed ?? list.version
      guard since <= list.version else {
        throw CatalogError.invalidRequest(
          "the version \(since) to start after is past the catalog's version \(list.version)")
      }
      let identity = try catalog.identity(of: list.collection)
      let stream = ChangeEventStream(
        catalog: catalog, watcher: watcher, collection: list.collection.name,
        grouping: list.grouping, locale: list.collation.locale.identifier, since: since,
        limits: limits, slot: slot)
      return (stream, identity)
    }
  }

  /// The `locale` parameter as a locale, or nil when it is not given.
  static func locale(_ parameters: QueryParameters) throws(APIError) -> CollationLocale? {
    try parameters["locale"].map { text throws(APIError) in
      do throws(CollationError) {
        return try CollationLocale(text)
      } catch {
        throw APIError(error)
      }
    }
  }

  private func items(_ cursor: some Cursor<ListItem>, of list: IndexedList) throws -> [Record] {
    try cursor.collect().map { Record(item: $0, fieldNames: list.collection.columns) }
  }
}
