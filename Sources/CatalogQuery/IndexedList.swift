import CatalogCollation
import CatalogStore

/// A collection seen as an indexed list: its sections in order, their items in order, and the
/// right-edge index, all read from the keys stored in the catalog (DESIGN §2–§5).
///
/// Listing sections, counting, finding a section's first row and the section of a row use the
/// stored keys and counts and never scan the items. A grouping, locale or index column that is
/// asked for and not stored yet is built once from the stored items, and kept.
///
/// A list describes one version of the catalog (`version`): it reads through its own snapshot,
/// so its counts and cursors never mix two, whatever other connections and processes write.
/// `refresh()` moves it to the newest version and returns the change sets that lead there, in
/// the terms a list UI applies; `changes()` waits for them.
///
/// Not `Sendable`: it owns its snapshot's connection, which one task uses at a time. Concurrent
/// readers each open their own. The values it returns (`Section`, `ListItem`, `IndexEntry`,
/// `ChangeSet`) are `Sendable`.
///
/// ```swift
/// let catalog = try Catalog(path: "catalog.db", creating: false)
/// let cities = try IndexedList(catalog: catalog, collection: "cities", grouping: .column("state"))
/// let sections = try cities.sections()
/// while let section = try sections.next() { print(section.heading, section.count) }
/// ```
public final class IndexedList {
  public private(set) var collection: CollectionInfo
  public let grouping: Grouping
  /// The column whose most frequent value in each section is its index title, if any.
  public let indexBy: String?
  /// The collation of the list's locale.
  public let collation: Collation
  /// The number of sections.
  public private(set) var sectionCount: Int
  /// The number of items, which is also the number of rows.
  public private(set) var itemCount: Int

  let catalog: Catalog
  let snapshot: CatalogSnapshot
  private(set) var reader: ListReader
  /// Section notes by the primary key of their heading.
  private var notes: [[UInt8]: SectionNote] = [:]

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
    let named: [(String?, CatalogError.ColumnRole)] = [
      (grouping.column, .groupBy), (indexBy, .indexBy),
    ]
    for (column, role) in named {
      if let column, !collection.columns.contains(column) {
        throw .unknownColumn(column: column, role: role, available: collection.columns)
      }
    }
    let collation = try catalog.collation(for: locale?.identifier ?? collection.locale)
    let listID = try catalog.listID(grouping, of: collection, collation: collation) {
      willBuild("building the \(grouping) grouping of '\(collection.name)' in \(collation.locale)")
    }
    if let indexBy {
      try catalog.buildSectionTitles(
        listID: listID, of: collection, grouping: grouping, indexBy: indexBy,
        collation: collation
      ) { willBuild("building index titles from '\(indexBy)'") }
    }
    self.catalog = catalog
    self.collection = collection
    self.grouping = grouping
    self.indexBy = indexBy
    self.collation = collation
    snapshot = try catalog.openSnapshot()
    reader = ListReader(connection: snapshot.connection, listID: listID)
    sectionCount = 0
    itemCount = 0
    try load()
  }

  /// Reads what the list holds at the snapshot's version.
  private func load() throws(CatalogError) {
    let connection = snapshot.connection
    guard let current = try Catalog.collection(id: collection.id, in: connection),
      let listID = try Catalog.listID(
        collectionID: current.id, grouping: grouping, locale: collation.locale.identifier,
        in: connection)
    else {
      throw .unknownCollection(name: collection.name, available: [])
    }
    collection = current
    reader = ListReader(connection: connection, listID: listID)
    let totals = try reader.totals()
    itemCount = totals.rows
    sectionCount = totals.sections
    notes = [:]
    for note in try Catalog.sectionNotes(of: current, grouping: grouping, connection: connection) {
      notes[collation.sectionKey(for: note.heading)] = note
    }
  }

  /// The catalog version the list describes.
  public var version: Int { describedVersion ?? snapshot.version }

  /// The version the list described when its snapshot had to move on without a refresh; the
  /// next refresh starts from it.
  private var describedVersion: Int?

  /// Moves the snapshot on to see keys that were just built for the list's version (search
  /// keys are built when first asked for). When another write committed in the meantime, the
  /// list stays where it was for `refresh()` and the caller is told.
  func seeKeysBuiltSinceSnapshot() throws(CatalogError) {
    let previous = version
    try snapshot.advance()
    guard snapshot.version != previous else { return }
    describedVersion = previous
    throw .listOutOfDate(collection: collection.name, version: previous, current: snapshot.version)
  }

  /// Moves the list to the newest committed version and returns the change sets of the writes
  /// to it since the version it described, in order: applied one after another to what the list
  /// showed, they give what it shows now. The first is a reload when the catalog no longer keeps
  /// them all. Empty when nothing changed the list.
  public func refresh() throws(CatalogError) -> [ChangeSet] {
    let previous = describedVersion ?? snapshot.version
    try snapshot.advance()
    describedVersion = nil
    guard snapshot.version != previous else { return [] }
    try load()
    return try catalog.changeSets(
      since: previous, collection: collection.name, grouping: grouping,
      locale: collation.locale.identifier, through: snapshot.connection)
  }

  /// The header and footer of a section, if set.
  func note(forHeading heading: String) -> SectionNote? {
    notes.isEmpty ? nil : notes[collation.sectionKey(for: heading)]
  }

  /// Whether any section has a header or footer, so tables know to show those columns.
  public var hasSectionNotes: Bool { !notes.isEmpty }

  /// The section of the stored kind, with its notes.
  func section(_ stored: StoredSection) -> Section {
    let note = note(forHeading: stored.heading)
    return Section(
      index: stored.index, heading: stored.heading, indexTitle: stored.indexTitle ?? stored.letter,
      count: stored.count, firstRow: stored.firstRow, header: note?.header, footer: note?.footer)
  }
}
