import CatalogCollation
import Foundation

extension Catalog {
  /// Resolves the import's settings against the header and the collection it replaces, if any,
  /// and writes the collection row, called `name`, and empty list rows. Runs inside the
  /// import's write.
  func makeImportPlan(
    header: [String], name: String, options: ImportOptions, replacing existing: CollectionInfo?
  ) throws(CatalogError) -> ImportPlan {
    for column in options.groupBy where !header.contains(column) {
      throw .unknownColumn(column: column, role: .groupBy, available: header)
    }
    let settings = try resolveSettings(header: header, options: options, existing: existing)
    var groupings: [(Grouping, CollationLocale)] = []
    var replacedItems = ItemNumbers()
    let collectionID: Int
    if let existing {
      try ListTables(connection: connection, keepsSearchStarts: keepsSearchStarts).deleteAll(
        ofCollection: existing.id)
      for stored in try storedLists(ofCollection: existing.id) {
        if let column = stored.grouping.column, !header.contains(column) {
          try connection.prepare("DELETE FROM groupings WHERE collection_id = ? AND group_by = ?")
            .bind(.integer(existing.id), .text(column)).run()
        } else {
          groupings.append(
            (
              stored.grouping,
              try collating { () throws(CollationError) in
                try CollationLocale(stored.locale)
              }
            ))
        }
      }
      let deleted = try connection.prepare(
        "DELETE FROM items WHERE collection_id = ? RETURNING item")
      try deleted.bind(.integer(existing.id))
      while try deleted.step() { replacedItems.insert(deleted.int(at: 0)) }
      let indexColumns = try connection.prepare(
        """
        SELECT i.grouping_id, i.index_by FROM index_columns i
        JOIN groupings g ON g.id = i.grouping_id WHERE g.collection_id = ?
        """)
      try indexColumns.bind(.integer(existing.id))
      var gone: [(grouping: Int, column: String)] = []
      while try indexColumns.step() {
        let column = indexColumns.text(at: 1)
        if !header.contains(column) { gone.append((indexColumns.int(at: 0), column)) }
      }
      for column in gone {
        try connection.prepare("DELETE FROM index_columns WHERE grouping_id = ? AND index_by = ?")
          .bind(.integer(column.grouping), .text(column.column)).run()
      }
      try connection.prepare(
        """
        UPDATE collections SET columns = ?2, title_column = ?3, sort_as = ?4, locale = ?5,
          key_column = ?6, names = ?7, ignores_articles = ?8, imported_at = ?9, identity = ?10
        WHERE id = ?1
        """
      ).bind(
        .integer(existing.id), .text(JSONText.array(header)), .text(settings.titleColumn),
        .text(JSONText.array(settings.sortAs)), .text(settings.locale.identifier),
        settings.keyColumn.map(SQLValue.text) ?? .null,
        .integer(settings.sortingOptions.valuesAreNames ? 1 : 0),
        .integer(settings.sortingOptions.ignoresArticles ? 1 : 0), .text(Self.now()),
        .text(CollectionIdentity.make())
      ).run()
      // Its contents are replaced wholesale, as no list of changes says: a new identity, and
      // the old one's history goes.
      try forgetRemovals(from: existing.id)
      collectionID = existing.id
    } else {
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
    let build = try ListBuild(
      catalog: self, collectionID: collectionID, columns: header,
      titleColumn: settings.titleColumn, sortAs: settings.sortAs,
      sortingOptions: settings.sortingOptions, targets: targets)
    return ImportPlan(
      collectionID: collectionID, name: name, firstItem: existing?.nextItem ?? 0,
      replacedItems: replacedItems, build: build,
      keyPosition: settings.keyColumn.flatMap { header.firstIndex(of: $0) },
      keyColumn: settings.keyColumn, settings: settings)
  }

  /// The settings of the collection: those the options name, checked against the header, else
  /// the replaced collection's, else the defaults.
  private func resolveSettings(
    header: [String], options: ImportOptions, existing: CollectionInfo?
  ) throws(CatalogError) -> CollectionSettings {
    func checked(_ column: String, _ role: CatalogError.ColumnRole) throws(CatalogError) -> String {
      guard header.contains(column) else {
        throw .unknownColumn(column: column, role: role, available: header)
      }
      return column
    }
    let titleColumn: String
    if let requested = options.titleColumn ?? existing?.titleColumn {
      titleColumn = try checked(requested, .title)
    } else {
      let titleNames: Set = ["name", "title", "display_name"]
      titleColumn = header.first { titleNames.contains($0.lowercased()) } ?? header[0]
    }
    let sortAs = options.sortAs ?? existing?.sortAs ?? []
    for column in sortAs { _ = try checked(column, .sortAs) }
    let keyColumn = try (options.key ?? existing?.keyColumn).map { (column) throws(CatalogError) in
      try checked(column, .key)
    }
    let locale: CollationLocale
    if let requested = options.locale {
      locale = requested
    } else if let existing {
      locale = try collating { () throws(CollationError) in try CollationLocale(existing.locale) }
    } else if let fallback = options.defaultLocale {
      locale = fallback
    } else {
      locale = try collating { () throws(CollationError) in try CollationLocale("en") }
    }
    return CollectionSettings(
      titleColumn: titleColumn, sortAs: sortAs, locale: locale, keyColumn: keyColumn,
      sortingOptions: options.sortingOptions ?? existing?.sortingOptions ?? SortingOptions())
  }

  private func insertCollection(name: String, header: [String], settings: CollectionSettings)
    throws(CatalogError) -> Int
  {
    try connection.prepare(
      """
      INSERT INTO collections (name, columns, title_column, sort_as, locale, key_column, names,
        ignores_articles, item_count, imported_at, identity)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
      RETURNING id
      """
    ).bind(
      .text(name), .text(JSONText.array(header)), .text(settings.titleColumn),
      .text(JSONText.array(settings.sortAs)), .text(settings.locale.identifier),
      settings.keyColumn.map(SQLValue.text) ?? .null,
      .integer(settings.sortingOptions.valuesAreNames ? 1 : 0),
      .integer(settings.sortingOptions.ignoresArticles ? 1 : 0), .text(Self.now()),
      .text(CollectionIdentity.make())
    ).stepInteger()
  }

  /// The time now (or `date`) in ISO 8601, UTC, to the second: when a collection was imported,
  /// when a token was made or used.
  package static func now(_ date: Date = .now) -> String {
    date.formatted(.iso8601)
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
