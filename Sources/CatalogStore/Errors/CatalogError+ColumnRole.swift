extension CatalogError {
  /// The part a column was named to play, in an error about a column there is not
  /// (`CatalogError.unknownColumn`). Its description is the library's words; a tool spells it
  /// as its own option or parameter (`CatalogError.description(role:operation:)`).
  public enum ColumnRole: Equatable, Sendable, CustomStringConvertible {
    /// The column a list is grouped by (`Grouping.column`).
    case groupBy
    /// The column whose values title a grouped list's index entries.
    case indexBy
    /// The column shown for each item.
    case title
    /// One of the columns the items sort and file by.
    case sortAs
    /// The column whose values identify items.
    case key
    /// A field of an item being added (`CollectionWriter.add`).
    case addedField
    /// A field of an item being updated (`CollectionWriter.update`).
    case updatedField
    /// A field of an item being added or updated by key (`CollectionWriter.upsert`).
    case upsertedField

    public var description: String {
      switch self {
      case .groupBy: return "the grouping"
      case .indexBy: return "the index titles"
      case .title: return "the titles"
      case .sortAs: return "sorting"
      case .key: return "the key"
      case .addedField: return "an added item"
      case .updatedField: return "an updated item"
      case .upsertedField: return "an upserted item"
      }
    }
  }
}
