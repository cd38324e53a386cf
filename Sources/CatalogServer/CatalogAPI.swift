import CatalogCollation
import CatalogQuery
import CatalogRecords
import CatalogStore

/// The JSON API of DESIGN §13 over one catalog file: each answer is a JSON array of the records
/// that the command line prints with `--format json` for the same query.
///
/// Every request opens a `Catalog` of its own, on its own connection thread, and closes it when
/// it is answered: a connection is never shared between threads, and each answer reads one
/// version of the catalog.
struct CatalogAPI: Sendable {
  let catalogPath: String
  let busyTimeoutMilliseconds: Int32
  let limits: ServerLimits
  /// Told when a query has to build a grouping, index titles or search keys first.
  let notice: @Sendable (String) -> Void

  /// `GET /api/collections`: as `catalog collections --format json`.
  func collections(_ arguments: [(name: String, value: String)]) throws(APIError) -> [Record] {
    _ = try QueryParameters(arguments, accepted: [], limits: limits)
    return try answering { () throws(CatalogError) in
      try Record.collections(in: openCatalog())
    }
  }

  /// `GET /api/collections/NAME/ENDPOINT`: as `catalog sections`, `index`, `list` and `search`
  /// with `--format json` and the same options.
  func records(
    of endpoint: ListEndpoint, in collection: String,
    _ arguments: [(name: String, value: String)]
  ) throws(APIError) -> [Record] {
    let parameters = try QueryParameters(
      arguments, accepted: endpoint.acceptedParameters, limits: limits)
    let locale = try parameters["locale"].map { text throws(APIError) in
      do throws(CollationError) {
        return try CollationLocale(text)
      } catch {
        throw APIError(error)
      }
    }
    let page = try parameters.page()
    let compact = try parameters.flag("compact")
    // `fit` as `catalog index --fit N`: at least 3 entries (0 stands for not given).
    let fit = try parameters.integer("fit", in: 3...Int(Int32.max), default: 0)
    let text = parameters["q"]
    if endpoint == .search && text == nil {
      throw .badRequest("a search needs the text to find as the parameter 'q'")
    }
    return try answering {
      let list = try IndexedList(
        catalog: try openCatalog(), collection: collection,
        grouping: parameters["group_by"].map(Grouping.column) ?? .letters,
        indexBy: parameters["index_by"], locale: locale, willBuild: notice)
      switch endpoint {
      case .sections:
        return try list.sections().collect().map {
          Record(section: $0, includingNotes: list.hasSectionNotes)
        }
      case .index:
        let entries = try list.indexEntries(compact: compact)
        guard fit > 0 else { return entries.map { Record(indexEntry: $0) } }
        return entries.fitted(toAtMost: fit).map { Record(indexEntry: $0, fitted: true) }
      case .rows:
        return try items(list.items(fromRow: page.offset, limit: page.limit), of: list)
      case .search:
        let results = try list.search(text ?? "", limit: page.offset + page.limit) {
          notice("building the search keys of '\(list.collection.name)'")
        }
        for _ in 0..<page.offset where try results.next() == nil { break }
        return try items(results, of: list)
      }
    }
  }

  private func items(_ cursor: some Cursor<ListItem>, of list: IndexedList) throws -> [Record] {
    try cursor.collect().map { Record(item: $0, fieldNames: list.collection.columns) }
  }

  private func openCatalog() throws(CatalogError) -> Catalog {
    try Catalog(
      path: catalogPath, creating: false,
      configuration: Catalog.Configuration(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
  }

  /// The result of `body`, with what the catalog and ICU throw turned into API errors.
  private func answering<T>(_ body: () throws -> T) throws(APIError) -> T {
    do {
      return try body()
    } catch let error as APIError {
      throw error
    } catch let error as CatalogError {
      throw APIError(error)
    } catch let error as CollationError {
      throw APIError(error)
    } catch {
      throw APIError(status: 500, message: "\(error)")
    }
  }
}
