import CatalogCollation
import Foundation

/// The settings an import resolved, and the collection and grouping rows it made for them.
struct ImportPlan {
  let collectionID: Int
  /// The number of the file's first item: 0, or the collection's item count for an append.
  let firstItem: Int
  /// The groupings being built, beginning with the letter grouping in the collection's locale.
  let build: GroupingBuild
}

/// A collection's title, sort-as and locale, resolved against its header.
private struct CollectionSettings {
  let titleColumn: String
  let sortAs: [String]
  let locale: CollationLocale
}

extension Catalog {
  /// Resolves the import's settings against the header and the existing collection, and writes
  /// the collection row and empty grouping rows. Runs inside the import's transaction.
  func makeImportPlan(header: [String], options: ImportOptions) throws(CatalogError)
    -> ImportPlan
  {
    let name = String(options.collection.trimmingWhiteSpace)
    for column in options.groupBy where !header.contains(column) {
      throw .unknownColumn(column: column, option: "--group-by", available: header)
    }
    let settings: CollectionSettings
    let collectionID: Int
    var firstItem = 0
    var groupings: [(Grouping, CollationLocale)] = []
    switch (options.mode, try collection(named: name)) {
    case (.create, .some):
      throw .collectionExists(name: name)
    case (.append, .some(let collection)):
      settings = try appendSettings(to: collection, header: header, options: options)
      groupings = try storedGroupings(of: collection.id)
      collectionID = collection.id
      firstItem = collection.itemCount
    case (.replace, .some(let collection)):
      try deleteRows(where: "collection_id = ?", .integer(collection.id))
      try connection.prepare("DELETE FROM collections WHERE id = ?")
        .bind(.integer(collection.id)).run()
      settings = try newSettings(header: header, options: options)
      collectionID = try insertCollection(name: name, header: header, settings: settings)
    case (_, .none):
      settings = try newSettings(header: header, options: options)
      collectionID = try insertCollection(name: name, header: header, settings: settings)
    }
    groupings += ([.letters] + options.groupBy.map(Grouping.column)).map { ($0, settings.locale) }

    var collations: [CollationLocale: Collation] = [:]
    var targets: [(Grouping, Collation)] = []
    for (grouping, locale) in groupings
    where !targets.contains(where: { $0.0 == grouping && $0.1.locale == locale }) {
      if collations[locale] == nil {
        collations[locale] = try collating { () throws(CollationError) in
          try Collation(locale: locale)
        }
      }
      targets.append((grouping, collations[locale]!))
    }
    let build = try GroupingBuild(
      catalog: self, collectionID: collectionID, columns: header,
      titleColumn: settings.titleColumn, sortAs: settings.sortAs, targets: targets)
    return ImportPlan(collectionID: collectionID, firstItem: firstItem, build: build)
  }

  /// The settings of a new collection: the options, checked against the header, or the defaults.
  private func newSettings(header: [String], options: ImportOptions) throws(CatalogError)
    -> CollectionSettings
  {
    let titleColumn: String
    if let requested = options.titleColumn {
      guard header.contains(requested) else {
        throw .unknownColumn(column: requested, option: "--title", available: header)
      }
      titleColumn = requested
    } else {
      let titleNames: Set = ["name", "title", "display_name"]
      titleColumn = header.first { titleNames.contains($0.lowercased()) } ?? header[0]
    }
    let sortAs = options.sortAs ?? []
    for column in sortAs where !header.contains(column) {
      throw .unknownColumn(column: column, option: "--sort-as", available: header)
    }
    let locale: CollationLocale
    if let requested = options.locale {
      locale = requested
    } else {
      locale = try collating { () throws(CollationError) in
        try CollationLocale.fromEnvironment(ProcessInfo.processInfo.environment)
      }
    }
    return CollectionSettings(titleColumn: titleColumn, sortAs: sortAs, locale: locale)
  }

  /// The settings of a collection being appended to, which the options may repeat but not change.
  private func appendSettings(
    to collection: CollectionInfo, header: [String], options: ImportOptions
  ) throws(CatalogError) -> CollectionSettings {
    func mismatch(_ reason: String) -> CatalogError {
      .appendMismatch(collection: collection.name, reason: reason)
    }
    guard header == collection.columns else {
      throw mismatch(
        "the file's columns (\(header.joined(separator: ", "))) differ from the collection's "
          + "(\(collection.columns.joined(separator: ", ")))")
    }
    if let title = options.titleColumn, title != collection.titleColumn {
      throw mismatch("its title is '\(collection.titleColumn)'; use --replace to change it")
    }
    if let sortAs = options.sortAs, sortAs != collection.sortAs {
      throw mismatch("its sort-as columns differ; use --replace to change them")
    }
    let locale = try collating { () throws(CollationError) in try CollationLocale(collection.locale)
    }
    if let requested = options.locale, requested != locale {
      throw mismatch("its locale is '\(locale)'; use --replace to change it")
    }
    return CollectionSettings(
      titleColumn: collection.titleColumn, sortAs: collection.sortAs, locale: locale)
  }

  private func insertCollection(name: String, header: [String], settings: CollectionSettings)
    throws(CatalogError) -> Int
  {
    try connection.prepare(
      """
      INSERT INTO collections (name, columns, title_column, sort_as, locale, item_count, imported_at)
      VALUES (?, ?, ?, ?, ?, 0, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
      """
    ).bind(
      .text(name), .text(JSONText.array(header)), .text(settings.titleColumn),
      .text(JSONText.array(settings.sortAs)), .text(settings.locale.identifier)
    ).run()
    return connection.lastInsertedRowID
  }

  /// The groupings a collection has stored, with their locales.
  private func storedGroupings(of collectionID: Int) throws(CatalogError)
    -> [(Grouping, CollationLocale)]
  {
    let statement = try connection.prepare(
      "SELECT group_by, locale FROM groupings WHERE collection_id = ? ORDER BY id")
    try statement.bind(.integer(collectionID))
    var groupings: [(Grouping, CollationLocale)] = []
    while try statement.step() {
      let id = statement.text(at: 1)
      let locale = try collating { () throws(CollationError) in try CollationLocale(id) }
      groupings.append((Grouping(storedColumn: statement.text(at: 0)), locale))
    }
    return groupings
  }
}

/// Runs a collation call, passing its error on as a catalog error.
func collating<T>(_ body: () throws(CollationError) -> T) throws(CatalogError) -> T {
  do {
    return try body()
  } catch {
    throw .collation(error)
  }
}
