import CatalogCollation

/// What `catalog import` was asked to do (DESIGN §1, §6).
public struct ImportOptions: Sendable {
  /// What to do when the collection exists already.
  public enum Mode: Sendable {
    /// Refuse: the collection must not exist.
    case create
    /// Replace the collection's items, settings and groupings.
    case replace
    /// Add the file's items after the collection's own; the header must be the same.
    case append
  }

  public var collection: String
  /// The column shown for an item; nil for the default (`name`, `title`, `display_name`, else the
  /// first column).
  public var titleColumn: String?
  /// The columns joined with a space to sort and file items; nil or empty for the title.
  public var sortAs: [String]?
  /// The collection's locale; nil keeps an appended collection's, or means the environment's.
  public var locale: CollationLocale?
  /// Columns whose groupings are built up front, beside the letter grouping.
  public var groupBy: [String]
  public var mode: Mode

  public init(
    collection: String, titleColumn: String? = nil, sortAs: [String]? = nil,
    locale: CollationLocale? = nil, groupBy: [String] = [], mode: Mode = .create
  ) {
    self.collection = collection
    self.titleColumn = titleColumn
    self.sortAs = sortAs
    self.locale = locale
    self.groupBy = groupBy
    self.mode = mode
  }
}

/// How far an import has come, for a progress display.
public struct ImportProgress: Sendable {
  public let itemsRead: Int
  public let bytesRead: Int
  /// The file's size, when it is a regular file.
  public let totalBytes: Int?
}

/// What an import did, for its one-line summary.
public struct ImportSummary: Sendable, Equatable {
  public let collection: String
  /// Items read from this file.
  public let importedItems: Int
  /// Items in the collection afterwards.
  public let totalItems: Int
  /// The grouping the summary counts sections of: the first `--group-by` column, else letters.
  public let grouping: Grouping
  public let sectionCount: Int
}
