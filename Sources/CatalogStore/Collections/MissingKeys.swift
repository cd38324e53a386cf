import CatalogCollation

/// Keys a query needs that a catalog does not store: a grouping in a locale, its index titles
/// from a column, or search keys in a locale (`CatalogError.keysNotStored`).
public struct MissingKeys: Sendable, Equatable, CustomStringConvertible {
  public let collection: String
  /// The grouping, or nil for search keys.
  public let grouping: Grouping?
  public let locale: CollationLocale
  /// The index column whose titles are missing, if that is what is missing.
  public let indexBy: String?
  /// Whether the search keys are what is missing.
  public let search: Bool
  /// Why the catalog could not store them (`Catalog.readOnlyReason`): where `build` may run.
  public internal(set) var readOnlyReason: CatalogError.ReadOnlyReason?

  init(
    collection: String, grouping: Grouping? = nil, locale: CollationLocale,
    indexBy: String? = nil, search: Bool = false
  ) {
    self.collection = collection
    self.grouping = grouping
    self.locale = locale
    self.indexBy = indexBy
    self.search = search
  }

  /// What `build` stores them with.
  public var request: BuildRequest {
    BuildRequest(
      groupBy: grouping?.column.map { [$0] } ?? [], indexBy: indexBy.map { [$0] } ?? [],
      locales: [locale], search: search)
  }

  public var description: String {
    if search { return "the search keys of '\(collection)' in \(locale)" }
    if let indexBy { return "index titles from '\(indexBy)' in '\(collection)'" }
    return "the \(grouping ?? .letters) grouping of '\(collection)' in \(locale)"
  }
}
