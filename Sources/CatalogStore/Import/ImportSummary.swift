import CatalogCollation

/// What an import did, for its one-line summary and its `--format json` summary.
public struct ImportSummary: Sendable, Equatable {
  public let collection: String
  /// Items read from this file.
  public let importedItems: Int
  /// Items in the collection afterwards.
  public let totalItems: Int
  /// The grouping the summary counts sections of: the first `--group-by` column, else letters.
  public let grouping: Grouping
  public let sectionCount: Int
  /// The items the import added, updated (their fields changed) and removed, and the version it
  /// committed; an import that changed nothing committed nothing, and carries the catalog's
  /// version. A replace removes every item the collection had and adds the file's.
  public let changes: WriteSummary

  /// The version the import committed (or, when it changed nothing, the catalog's version).
  public var version: Int { changes.version }
  /// How many items the import added, updated and removed.
  public var added: Int { changes.added.count }
  public var updated: Int { changes.updated.count }
  public var removed: Int { changes.removed.count }
}
