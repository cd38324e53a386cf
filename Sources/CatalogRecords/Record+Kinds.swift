import CatalogQuery
import CatalogStore

// MARK: - Sections

extension Record {
  /// The columns of a section record; `header` and `footer` too when the list has notes.
  public static func sectionColumns(includingNotes: Bool) -> [String] {
    ["section", "heading", "index", "count", "offset"]
      + (includingNotes ? ["header", "footer"] : [])
  }

  /// `{"section":0,"heading":"Alabama","index":"A","count":12,"offset":0}`, with the section's
  /// `header` and `footer` where set when `includingNotes`.
  public init(section: Section, includingNotes: Bool) {
    var values: [RecordValue] = [
      .integer(section.index), .text(section.heading), .text(section.indexTitle),
      .integer(section.count), .integer(section.firstRow),
    ]
    if includingNotes {
      values += [Self.optional(section.header), Self.optional(section.footer)]
    }
    self.init(columns: Self.sectionColumns(includingNotes: includingNotes), values: values)
  }
}

// MARK: - Items

extension Record {
  /// The columns of an item record, for a list row or a search result.
  public static let itemColumns = ["row", "section", "heading", "item", "title", "fields"]

  /// `{"row":0,"section":0,"heading":"Alabama","item":17,"title":"Birmingham","fields":{…}}`:
  /// the item's number (what writes name it by) and its `fields` named by `fieldNames`, the
  /// collection's columns.
  public init(item: ListItem, fieldNames: [String]) {
    let fields = zip(fieldNames, item.fields).map { RecordValue.Pair(name: $0, value: .text($1)) }
    self.init(
      columns: Self.itemColumns,
      values: [
        .integer(item.row), .integer(item.section), .text(item.heading), .integer(item.item),
        .text(item.title), .object(fields),
      ])
  }
}

// MARK: - Index entries

extension Record {
  /// The columns of an index entry record; `stands_for` too for an index cut to fit.
  public static func indexEntryColumns(fitted: Bool) -> [String] {
    ["title", "section", "count"] + (fitted ? ["stands_for"] : [])
  }

  /// `{"title":"A","section":0,"count":12}`; `section` is null only for an empty list. In an
  /// index cut to fit (`fitted`), a `•` entry adds the titles it stands for:
  /// `{"title":"•","section":3,"count":40,"stands_for":["D","E","F"]}`.
  public init(indexEntry entry: IndexEntry, fitted: Bool = false) {
    var values: [RecordValue] = [
      .text(entry.title), entry.section.map(RecordValue.integer) ?? .null, .integer(entry.count),
    ]
    if fitted { values.append(entry.standsFor.isEmpty ? .absent : .texts(entry.standsFor)) }
    self.init(columns: Self.indexEntryColumns(fitted: fitted), values: values)
  }
}

// MARK: - Collections

extension Record {
  /// The columns of a collection record; `identity` too when `includingIdentity`, `header` and
  /// `footer` when `includingNotes`.
  public static func collectionColumns(includingNotes: Bool, includingIdentity: Bool = false)
    -> [String]
  {
    [
      "name", "items", "locale", "title", "sort_as", "key", "version", "groupings", "names",
      "ignore_articles", "imported_at",
    ] + (includingIdentity ? ["identity"] : []) + (includingNotes ? ["header", "footer"] : [])
  }

  /// `{"name":"cities","items":1234,"locale":"en_US","title":"name","sort_as":["name"],
  /// "key":null,"version":7,"groupings":[{"group_by":null,"locale":"en_US"}],"names":false,
  /// "ignore_articles":false,"imported_at":"2025-01-31T12:00:00Z"}` (DESIGN §6): `sort_as` is the
  /// title column when the collection sorts by its title, `version` the catalog version of its
  /// last write, and `groupings` the stored ones, each with its locale (`group_by` null for
  /// letters; `state/en_US` in tables, `letters/en_US` for letters). With `identity`, the
  /// collection's identity (DESIGN §16); with `includingNotes`, its `header` and `footer` where
  /// set.
  public init(
    collection: CollectionInfo, groupings: [ListInfo], includingNotes: Bool,
    identity: String? = nil
  ) {
    let groupingValues = groupings.map { stored in
      RecordValue.displayed(
        .object([
          .init(name: "group_by", value: .nullable(stored.grouping.column)),
          .init(name: "locale", value: .text(stored.locale)),
        ]),
        text: "\(stored.grouping.column ?? "letters")/\(stored.locale)")
    }
    var values: [RecordValue] = [
      .text(collection.name), .integer(collection.itemCount), .text(collection.locale),
      .text(collection.titleColumn),
      .texts(collection.sortAs.isEmpty ? [collection.titleColumn] : collection.sortAs),
      .nullable(collection.keyColumn), .integer(collection.version), .array(groupingValues),
      .boolean(collection.sortingOptions.valuesAreNames),
      .boolean(collection.sortingOptions.ignoresArticles), .text(collection.importedAt),
    ]
    if let identity { values.append(.text(identity)) }
    if includingNotes {
      values += [Self.optional(collection.header), Self.optional(collection.footer)]
    }
    self.init(
      columns: Self.collectionColumns(
        includingNotes: includingNotes, includingIdentity: identity != nil),
      values: values)
  }

  /// The records of every collection in the catalog, by name, each with its stored groupings
  /// and, with `includingIdentity`, its identity; with `header` and `footer` columns when any
  /// collection has one.
  public static func collections(in catalog: Catalog, includingIdentity: Bool = false)
    throws(CatalogError) -> [Record]
  {
    let collections = try catalog.collections()
    let includingNotes = hasNotes(collections)
    var records: [Record] = []
    for collection in collections {
      records.append(
        Record(
          collection: collection, groupings: try catalog.lists(of: collection),
          includingNotes: includingNotes,
          identity: includingIdentity ? try catalog.identity(of: collection) : nil))
    }
    return records
  }

  /// Whether any of `collections` has a header or footer, so its records carry those columns.
  public static func hasNotes(_ collections: [CollectionInfo]) -> Bool {
    collections.contains { $0.header != nil || $0.footer != nil }
  }
}

extension Record {
  fileprivate static func optional(_ text: String?) -> RecordValue {
    text.map(RecordValue.text) ?? .absent
  }
}
