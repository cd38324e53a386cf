import CatalogCollation

extension Catalog {
  /// Writes a file's rows into an existing collection item by item (`.append`, `.upsert`,
  /// `.sync`), inside the caller's write: columns are matched by name, a column the file lacks is
  /// empty, and every list, search index and change set is kept up to date by the collection's
  /// writer.
  func importItems(
    from reader: CSVReader, into collection: CollectionInfo, options: ImportOptions,
    progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> WriteOutcome<ImportSummary> {
    try checkSettings(of: collection, against: options)
    let positions = try columnPositions(of: reader.header, in: collection)
    let keyPosition = collection.keyColumn.flatMap { collection.columns.firstIndex(of: $0) }
    if options.mode != .append, keyPosition == nil {
      throw .keyRequired(
        collection: collection.name,
        operation: options.mode == .upsert ? .upsertImport : .syncImport)
    }
    let locale = try collating { () throws(CollationError) in try CollationLocale(collection.locale)
    }
    let collation = try collating { () throws(CollationError) in try Collation(locale: locale) }
    var alsoStore = options.alsoStore
    alsoStore.groupBy += options.groupBy
    try storeKeys(alsoStore, for: collection, willBuild: { _ in })
    return try connection.withLargeWrite(.itemByItem) { () throws(CatalogError) in
      try writeItems(
        from: reader, into: collection, options: options, keyPosition: keyPosition,
        positions: positions, collation: collation, progress: progress)
    }
  }

  /// Writes the file's rows as items, inside `importItems`; a failure names the first repeated
  /// key of the file with both its lines, when there is one.
  private func writeItems(
    from reader: CSVReader, into collection: CollectionInfo, options: ImportOptions,
    keyPosition: Int?, positions: [Int], collation: Collation,
    progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> WriteOutcome<ImportSummary> {
    let writer = try CollectionWriter(catalog: self, collection: collection)
    let keyChecker = try collection.keyColumn.map { (column) throws(CatalogError) in
      try ImportKeyChecker(
        connection: connection,
        keyColumn: ImportKeyColumn(inputName: reader.inputName, column: column))
    }
    do {
      return try writeRecords(
        from: reader, with: writer, keyChecker: keyChecker, into: collection, options: options,
        keyPosition: keyPosition, positions: positions, collation: collation, progress: progress)
    } catch {
      throw keyChecker?.explain(error) ?? error
    }
  }

  /// Writes the file's rows as items with `writer`, their keys checked by `keyChecker`.
  private func writeRecords(
    from reader: CSVReader, with writer: CollectionWriter, keyChecker: ImportKeyChecker?,
    into collection: CollectionInfo, options: ImportOptions, keyPosition: Int?,
    positions: [Int], collation: Collation, progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> WriteOutcome<ImportSummary> {
    var itemsRead = 0
    while let record = try nextRecord(of: reader) {
      var fields = Array(repeating: "", count: collection.columns.count)
      for (field, position) in zip(record.fields, positions) { fields[position] = field }
      let key = try keyPosition.map { (position) throws(CatalogError) in
        try keyChecker!.check(fields[position], line: record.line)
      }
      if let key, let existing = try writer.storedItem(key: key) {
        guard options.mode != .append else {
          throw keyChecker!.error(.keyInUse(key, item: existing.item), line: record.line)
        }
        try writer.update(item: existing.item, from: existing.fields, to: fields)
      } else {
        _ = try writer.add(fields: fields)
      }
      itemsRead += 1
      if itemsRead % 1024 == 0 {
        if options.shouldStop() { throw .interrupted }
        progress?(
          ImportProgress(
            itemsRead: itemsRead, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
      }
    }
    if options.mode == .sync, let keyChecker {
      for (item, fields) in try items(of: collection, withoutKeysIn: keyChecker.table) {
        try writer.remove(item: item, fields: fields)
      }
    }
    try keyChecker?.finish()
    let outcome = try writer.finish()
    if options.shouldStop() { throw .interrupted }
    let grouping = options.groupBy.first.map(Grouping.column) ?? .letters
    let listID = try listID(grouping, of: collection, collation: collation) {}
    let sectionCount = try BlockTree(connection: connection, listID: listID).totals()
      .sections
    let totalItems = writer.itemCount
    return outcome.map { summary in
      ImportSummary(
        collection: collection.name, importedItems: itemsRead, totalItems: totalItems,
        grouping: grouping, sectionCount: sectionCount, changes: summary)
    }
  }

  /// Refuses options that would change the settings of a collection written into item by item.
  private func checkSettings(of collection: CollectionInfo, against options: ImportOptions)
    throws(CatalogError)
  {
    func mismatch(_ reason: String) -> CatalogError {
      .settingsMismatch(collection: collection.name, reason: reason)
    }
    if let title = options.titleColumn, title != collection.titleColumn {
      throw mismatch("its title is '\(collection.titleColumn)'; a replace can change it")
    }
    if let sortAs = options.sortAs, sortAs != collection.sortAs {
      throw mismatch("its sort-as columns differ; a replace can change them")
    }
    if let locale = options.locale, locale.identifier != collection.locale {
      throw mismatch("its locale is '\(collection.locale)'; a replace can change it")
    }
    if let key = options.key, key != collection.keyColumn {
      throw mismatch(
        collection.keyColumn.map { "its key column is '\($0)'; a replace can change it" }
          ?? "it has no key column; a replace can give it one")
    }
    if let sorting = options.sortingOptions, sorting != collection.sortingOptions {
      throw mismatch(
        "its values are read otherwise (--names, --ignore-articles); a replace can change it")
    }
    for column in options.groupBy where !collection.columns.contains(column) {
      throw .unknownColumn(column: column, role: .groupBy, available: collection.columns)
    }
  }

  /// Where each of the file's columns is among the collection's.
  private func columnPositions(of header: [String], in collection: CollectionInfo)
    throws(CatalogError) -> [Int]
  {
    var positions: [Int] = []
    for column in header {
      guard let position = collection.columns.firstIndex(of: column) else {
        throw .settingsMismatch(
          collection: collection.name,
          reason: "it has no column '\(column)' (its columns are: "
            + collection.columns.joined(separator: ", ") + ")")
      }
      positions.append(position)
    }
    return positions
  }

  /// The items whose key is not in `table`: the keys the file being imported had.
  private func items(of collection: CollectionInfo, withoutKeysIn table: String)
    throws(CatalogError) -> [(item: Int, fields: [String])]
  {
    let statement = try connection.prepare(
      """
      SELECT item, fields FROM items WHERE collection_id = ?
        AND key NOT IN (SELECT key FROM \(table))
      ORDER BY item
      """)
    try statement.bind(.integer(collection.id))
    var items: [(item: Int, fields: [String])] = []
    while try statement.step() {
      items.append((statement.int(at: 0), statement.stringArray(at: 1)))
    }
    return items
  }

  private func nextRecord(of reader: CSVReader) throws(CatalogError) -> CSVRecord? {
    do {
      return try reader.next()
    } catch {
      throw .csv(error)
    }
  }
}
