import CatalogCollation
import CatalogStore

/// A collection seen as an indexed list: its sections in order, their items in order, and the
/// right-edge index, all read from the keys stored in the catalog (DESIGN §2–§5).
///
/// Listing sections, counting, finding a section's first row and the section of a row use the
/// stored keys and never scan the items. A grouping, locale or index column that is asked for and
/// not stored yet is built once from the stored items, and kept.
///
/// Not `Sendable`: it uses its catalog's connection. Concurrent readers each open their own
/// `Catalog` (the file is in WAL mode, so each sees the catalog before or after any import, never
/// a mix). The values it returns (`Section`, `ListItem`, `IndexEntry`) are `Sendable`.
///
/// ```swift
/// let catalog = try Catalog(path: "catalog.db", creating: false)
/// let cities = try IndexedList(catalog: catalog, collection: "cities", grouping: .column("state"))
/// let sections = cities.sections()
/// while let section = try sections.next() { print(section.heading, section.count) }
/// ```
public final class IndexedList {
  public let collection: CollectionInfo
  public let grouping: Grouping
  /// The column whose most frequent value in each section is its index title, if any.
  public let indexBy: String?
  /// The collation of the list's locale.
  public let collation: Collation
  /// The number of sections.
  public let sectionCount: Int

  let catalog: Catalog
  let groupingID: Int
  /// The id in the `rows` table of the list's row 0; rows have consecutive ids.
  let firstRowID: Int
  /// Section notes by the primary key of their heading.
  private let notes: [[UInt8]: SectionNote]

  /// Opens the list of a collection, building the grouping or index titles first when they are
  /// not stored yet (`willBuild` is told what is being built, for a progress message).
  ///
  /// - Parameters:
  ///   - collection: the collection's name; nil when the catalog holds exactly one.
  ///   - locale: the locale to group and sort in; nil for the collection's own.
  /// - Throws: `CatalogError.unknownCollection`, `.collectionNotChosen`, `.unknownColumn`,
  ///   `.collation`, or what the catalog throws.
  public init(
    catalog: Catalog, collection: String? = nil, grouping: Grouping = .letters,
    indexBy: String? = nil, locale: CollationLocale? = nil,
    willBuild: (String) -> Void = { _ in }
  ) throws(CatalogError) {
    let collection = try catalog.resolveCollection(named: collection)
    for (column, option) in [(grouping.column, "--group-by"), (indexBy, "--index-by")] {
      if let column, !collection.columns.contains(column) {
        throw .unknownColumn(column: column, option: option, available: collection.columns)
      }
    }
    let collation = try Self.collation(for: locale, collection: collection)
    groupingID = try catalog.groupingID(grouping, of: collection, collation: collation) {
      willBuild("building the \(grouping) grouping of '\(collection.name)' in \(collation.locale)")
    }
    if let indexBy {
      try catalog.buildSectionTitles(
        groupingID: groupingID, of: collection, indexBy: indexBy, collation: collation
      ) { willBuild("building index titles from '\(indexBy)'") }
    }
    self.catalog = catalog
    self.collection = collection
    self.grouping = grouping
    self.indexBy = indexBy
    self.collation = collation
    sectionCount = try catalog.connection.prepare(
      "SELECT count(*) FROM sections WHERE grouping_id = ?"
    ).bind(.integer(groupingID)).stepInteger()
    firstRowID = try catalog.connection.prepare("SELECT first_row_id FROM groupings WHERE id = ?")
      .bind(.integer(groupingID)).stepInteger()
    var notes: [[UInt8]: SectionNote] = [:]
    for note in try catalog.sectionNotes(of: collection, grouping: grouping) {
      notes[collation.sectionKey(for: note.heading)] = note
    }
    self.notes = notes
  }

  private static func collation(for locale: CollationLocale?, collection: CollectionInfo)
    throws(CatalogError) -> Collation
  {
    do throws(CollationError) {
      if let locale { return try Collation(locale: locale) }
      return try Collation(locale: CollationLocale(collection.locale))
    } catch {
      throw .collation(error)
    }
  }

  /// The number of items, which is also the number of rows.
  public var itemCount: Int { collection.itemCount }

  /// The header and footer of a section, if set.
  func note(forHeading heading: String) -> SectionNote? {
    notes.isEmpty ? nil : notes[collation.sectionKey(for: heading)]
  }

  /// Whether any section has a header or footer, so tables know to show those columns.
  public var hasSectionNotes: Bool { !notes.isEmpty }
}
