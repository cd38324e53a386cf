import CatalogCollation

/// A collection as the catalog stores it: its columns and the settings chosen at import.
public struct CollectionInfo: Equatable, Sendable {
  package let id: Int
  public let name: String
  /// The CSV header's column names, in file order.
  public let columns: [String]
  /// The column shown for an item.
  public let titleColumn: String
  /// The columns joined with a space to sort and file an item; the title column by default.
  public let sortAs: [String]
  /// The canonical ICU locale id chosen at import.
  public let locale: String
  /// Grouped-list text above the whole collection.
  public let header: String?
  /// Grouped-list text below the whole collection.
  public let footer: String?
  public let itemCount: Int
  /// The column whose trimmed values identify items, if any (DESIGN §1).
  public let keyColumn: String?
  /// The number the next added item gets; numbers are never reused.
  public let nextItem: Int
  /// The catalog version of the collection's last write.
  public let version: Int
  /// When the collection was last imported, ISO 8601 in UTC.
  public let importedAt: String
  /// How values are read for sorting, filing and search (`--names`, `--ignore-articles`).
  public let sortingOptions: SortingOptions
}
