import CatalogCollation

/// What `catalog import` was asked to do (DESIGN §1, §6, §9).
public struct ImportOptions: Sendable {
  /// What to do with the collection when it exists already, and with the file's rows.
  public enum Mode: Sendable {
    /// Refuse: the collection must not exist.
    case create
    /// The collection's items become the file's; its settings stay unless the options name new
    /// ones.
    case replace
    /// Add every row as a new item; columns are matched by name.
    case append
    /// A row whose key exists replaces that item's fields; the other rows are added.
    case upsert
    /// As `upsert`, and items whose key is not in the file are removed.
    case sync

    /// Whether the rows are written item by item into a collection there is: these modes never
    /// make one.
    public var writesItems: Bool { self == .append || self == .upsert || self == .sync }
  }

  /// The collection imported into, by name. `.create` and `.replace` make or replace the
  /// collection of this name, and need one. `.append`, `.upsert` and `.sync` never make a
  /// collection: they write into the one of this name, or with nil into the catalog's only
  /// collection.
  public var collection: String?
  /// Whether `collection` is only a default, such as the file's name without its extension,
  /// rather than a name the user chose: `.append`, `.upsert` and `.sync` then write into the
  /// catalog's only collection when no collection has that name.
  public var collectionIsDefault = false
  /// The column shown for an item; nil for the collection's, or for a new one the default
  /// (`name`, `title`, `display_name`, else the first column).
  public var titleColumn: String?
  /// The columns joined with a space to sort and file items; nil for the collection's, empty
  /// for the title.
  public var sortAs: [String]?
  /// The collection's locale; nil for the collection's own, or `defaultLocale` for a new one.
  public var locale: CollationLocale?
  /// The locale of a new collection when `locale` is nil (a tool passes the one its environment
  /// names).
  public var defaultLocale: CollationLocale?
  /// Columns whose groupings are built, beside the letter grouping and those the collection has.
  public var groupBy: [String]
  /// The column whose trimmed values identify items (DESIGN §1); nil for the collection's, or
  /// none.
  public var key: String?
  /// How values are read for sorting, filing and search; nil for the collection's, or none.
  public var sortingOptions: SortingOptions?
  /// What to store beside the lists the import builds, as `build` would: the groupings in other
  /// locales, index titles, search keys.
  public var alsoStore: BuildRequest
  public var mode: Mode
  /// Asked now and then while the import reads and writes, before it commits: true stops it
  /// with `CatalogError.interrupted`, keeping nothing (a tool's Ctrl-C).
  public var shouldStop: @Sendable () -> Bool = { false }

  public init(
    collection: String?, titleColumn: String? = nil, sortAs: [String]? = nil,
    locale: CollationLocale? = nil, defaultLocale: CollationLocale? = nil, groupBy: [String] = [],
    key: String? = nil, sortingOptions: SortingOptions? = nil,
    alsoStore: BuildRequest = BuildRequest(), mode: Mode = .create
  ) {
    self.collection = collection
    self.titleColumn = titleColumn
    self.sortAs = sortAs
    self.locale = locale
    self.defaultLocale = defaultLocale
    self.groupBy = groupBy
    self.key = key
    self.sortingOptions = sortingOptions
    self.alsoStore = alsoStore
    self.mode = mode
  }
}
