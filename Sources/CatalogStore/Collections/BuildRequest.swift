import CatalogCollation

/// What `catalog build` stores ahead of queries, so that a catalog shipped read-only answers every
/// query it will get without writing (DESIGN §11).
public struct BuildRequest: Sendable {
  /// The column groupings to store beside the letters.
  public var groupBy: [String]
  /// The index columns whose titles each of those groupings keeps.
  public var indexBy: [String]
  /// The locales to store every grouping in; empty for the collection's own.
  public var locales: [CollationLocale]
  /// Whether to store the search keys in each locale too.
  public var search: Bool

  public init(
    groupBy: [String] = [], indexBy: [String] = [], locales: [CollationLocale] = [],
    search: Bool = false
  ) {
    self.groupBy = groupBy
    self.indexBy = indexBy
    self.locales = locales
    self.search = search
  }
}
