import CatalogCollation
import Foundation

extension Catalog {
  /// Imports a CSV file into a collection, all in one write: on any error the catalog is exactly
  /// as before (DESIGN §6, §9).
  ///
  /// A new collection, or one replaced (`.replace`), is written at once: reading and keying run on
  /// a second thread while this one writes, and every list is built in order; watchers of its
  /// lists get a reload. `.append`, `.upsert` and `.sync` never make a collection: they write the
  /// file's rows into an existing one item by item (the one `options.collection` names, else the
  /// only one, see `ImportOptions`), so their cost grows with the file and not with the
  /// collection, and watchers get the items' change sets. `progress` is called on this thread
  /// now and then.
  ///
  /// - Throws: `CatalogError.csv` for bad input or a bad key (with its place),
  ///   `.collectionExists` for `.create`, `.unknownCollection`, `.noCollections` and
  ///   `.collectionNotChosen` for the modes that write into an existing collection,
  ///   `.invalidCollectionName`, `.unknownColumn`, `.settingsMismatch`, `.keyRequired`, `.busy`,
  ///   `.sqlite`.
  public func importCollection(
    from reader: CSVReader, options: ImportOptions,
    progress: ((ImportProgress) -> Void)? = nil
  ) throws(CatalogError) -> ImportSummary {
    let name = options.collection.map { String($0.trimmingWhiteSpace) }
    if let name, name.isEmpty { throw .invalidCollectionName(options.collection ?? "") }
    return try connection.withLargeWrite(.wholeCollection) { () throws(CatalogError) in
      try versionedWrite { () throws(CatalogError) in
        if options.mode.writesItems {
          return try importItems(
            from: reader, into: existingCollection(for: options, named: name), options: options,
            progress: progress)
        }
        guard let name else {
          throw .invalidRequest("an import that makes or replaces a collection needs its name")
        }
        try connection.lockCollection(named: name)
        let existing = try collection(named: name)
        if options.mode == .create, existing != nil { throw .collectionExists(name: name) }
        return try importAll(
          from: reader, named: name, options: options, replacing: existing, progress: progress)
      }
    }
  }

  /// The collection that an import writing items (`.append`, `.upsert`, `.sync`) writes into,
  /// its writers' turn taken: the one called `name`, else, for nil or a default name that no
  /// collection has, the catalog's only collection. Never a new one.
  ///
  /// - Throws: `CatalogError.unknownCollection` for a name that no collection has (a default
  ///   name too, when the catalog holds several collections), `.noCollections` when it holds
  ///   none, `.collectionNotChosen` for nil when it holds several.
  private func existingCollection(for options: ImportOptions, named name: String?)
    throws(CatalogError) -> CollectionInfo
  {
    if let name {
      try connection.lockCollection(named: name)
      if let collection = try collection(named: name) { return collection }
      if !options.collectionIsDefault {
        throw .unknownCollection(name: name, available: try collections().map(\.name))
      }
    }
    let collections = try collections()
    if collections.count == 1 {
      let only = collections[0]
      guard try connection.lockCollection(named: only.name) else { return only }
      // Another writer may have renamed or dropped it before this one's turn came.
      if let collection = try collection(named: only.name) { return collection }
      throw .unknownCollection(name: only.name, available: try self.collections().map(\.name))
    }
    if collections.isEmpty { throw .noCollections(path: path) }
    if let name { throw .unknownCollection(name: name, available: collections.map(\.name)) }
    throw .collectionNotChosen(available: collections.map(\.name))
  }

  /// Writes a new or replaced collection's items and builds its lists in order.
  func importAll(
    from reader: CSVReader, named name: String, options: ImportOptions,
    replacing existing: CollectionInfo?, numbering: ImportNumbering = .inFileOrder,
    progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> WriteOutcome<ImportSummary> {
    let plan = try makeImportPlan(
      header: Array(reader.header.dropFirst(numbering.leadingFieldCount)), name: name,
      options: options, replacing: existing)
    let keyLog = plan.keyColumn.map {
      ImportKeyLog(keyColumn: ImportKeyColumn(inputName: reader.inputName, column: $0))
    }
    do {
      return try buildAll(
        from: reader, options: options, plan: plan, numbering: numbering, keyLog: keyLog,
        progress: progress)
    } catch {
      throw keyLog?.explain(error) ?? error
    }
  }

  /// Writes the items of `importAll` and builds their lists; a duplicate key fails an insert.
  private func buildAll(
    from reader: CSVReader, options: ImportOptions, plan: ImportPlan, numbering: ImportNumbering,
    keyLog: ImportKeyLog?, progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> WriteOutcome<ImportSummary> {
    let write = { () throws(CatalogError) in
      try self.writeItems(
        from: reader, plan: plan, numbering: numbering, keyLog: keyLog,
        shouldStop: options.shouldStop, progress: progress)
    }
    let written =
      try keyLog == nil ? write() : connection.withLargeWrite(.keyedItemsOfNewCollection, write)
    let itemCount = written.count
    let sectionCounts = try plan.build.finish(shouldStop: options.shouldStop)
    let collection = try self.collection(id: plan.collectionID)
    for builder in plan.build.builders {
      for column in try indexColumns(ofList: builder.listID) {
        try tallyIndexColumn(
          column, listID: builder.listID, of: collection, grouping: builder.grouping,
          collation: builder.collation)
      }
    }
    for index in try storedSearchIndexes(ofCollection: plan.collectionID) {
      try rebuildSearchIndex(
        of: collection,
        collation: collating { () throws(CollationError) in
          try Collation(locale: CollationLocale(index.locale))
        })
    }
    try connection.prepare(
      "UPDATE collections SET item_count = ?2, next_item = ?3 WHERE id = ?1"
    ).bind(
      .integer(plan.collectionID), .integer(itemCount), .integer(written.nextItem)
    ).run()
    try storeKeys(
      options.alsoStore, for: try self.collection(id: plan.collectionID), willBuild: { _ in })
    if options.shouldStop() { throw .interrupted }
    let summaryGrouping = options.groupBy.first.map(Grouping.column) ?? .letters
    let summaryIndex = plan.build.builders.firstIndex { $0.grouping == summaryGrouping } ?? 0
    return .changed { (version) throws(CatalogError) in
      // Its items are left without a version of their own: they have this one. Its history, and
      // so the versions after which its changed items can be told, starts here.
      try self.connection.prepare(
        """
        UPDATE collections SET version = ?2, imported_version = ?2, history_floor = ?2
        WHERE id = ?1
        """
      ).bind(.integer(plan.collectionID), .integer(version)).run()
      try self.logReload(ofCollection: plan.collectionID, named: plan.name, version: version)
      return ImportSummary(
        collection: plan.name, importedItems: itemCount, totalItems: itemCount,
        grouping: plan.build.builders[summaryIndex].grouping,
        sectionCount: sectionCounts[summaryIndex],
        changes: WriteSummary(
          version: version, added: written.numbers,
          removed: plan.replacedItems))
    }
  }

  // MARK: - Writing

  /// Reads, keys and writes the file's items, reading and keying on a second thread. Returns
  /// their numbers and the next free one.
  private func writeItems(
    from reader: CSVReader, plan: ImportPlan, numbering: ImportNumbering, keyLog: ImportKeyLog?,
    shouldStop: @escaping @Sendable () -> Bool, progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> (count: Int, numbers: ItemNumbers, nextItem: Int) {
    let transfer = ReaderTransfer(
      reader: reader, build: plan.build, firstItem: plan.firstItem, numbering: numbering,
      shouldStop: shouldStop)
    let insertItems = try connection.makeBulkInsert(
      into: "items",
      columns: ["collection_id", "item", "title", "fields", "key"])
    let itemCount = try BoundedChannel<ImportMessage>.pipe(capacity: 16) { channel in
      transfer.produce(into: channel)
    } consume: { channel throws(CatalogError) in
      var itemCount = 0
      var keys: [String?] = []
      while let message = channel.receive() {
        switch message {
        case .failure(let error):
          throw error
        case .items(let items, let fullRuns, let bytesRead):
          if shouldStop() { throw .interrupted }
          keys.removeAll(keepingCapacity: true)
          for item in items {
            if let keyLog, let keyPosition = plan.keyPosition {
              keys.append(try keyLog.add(item.fields[keyPosition], line: item.line))
            } else {
              keys.append(nil)
            }
          }
          // Each item's title and fields, spelled into one buffer that SQLite reads in place.
          var texts = PackedKeys()
          for item in items {
            texts.append(item.title.utf8)
            texts.append { JSONText.appendArray(item.fields, to: &$0) }
          }
          try texts.withKeys { (bytes, range) throws(CatalogError) in
            try insertItems.insert(count: items.count) { statement, row, position in
              statement.bind(plan.collectionID, at: position)
              statement.bind(items[row].item, at: position + 1)
              statement.bind(
                borrowingUTF8Text: UnsafeRawBufferPointer(rebasing: bytes[range(2 * row)]),
                at: position + 2)
              statement.bind(
                borrowingUTF8Text: UnsafeRawBufferPointer(rebasing: bytes[range(2 * row + 1)]),
                at: position + 3)
              if let key = keys[row] { statement.bind(key, at: position + 4) }
            }
          }
          try plan.build.spill(fullRuns)
          itemCount += items.count
          progress?(
            ImportProgress(
              itemsRead: itemCount, bytesRead: bytesRead, totalBytes: reader.totalBytes))
        }
      }
      return itemCount
    }
    guard numbering == .inFileOrder else {
      return (itemCount, transfer.numbers, transfer.nextItem)
    }
    return (itemCount, ItemNumbers(plan.firstItem..<plan.firstItem + itemCount), transfer.nextItem)
  }
}

/// An item to store. Its fields are spelled as JSON on the writing thread, which has time to
/// spare while the reading one keys.
private struct ItemToStore: Sendable {
  let item: Int
  let title: String
  let fields: [String]
  /// The line where the item's record starts, for errors about its key.
  let line: Int
}

/// What the reading thread sends the writing one: items to store, and the sort runs that keying
/// them filled, for the writing thread to sort and spill while the reading one goes on.
private enum ImportMessage: Sendable {
  case items([ItemToStore], fullRuns: [ListBuild.FullRun], bytesRead: Int)
  case failure(CatalogError)
}

/// Hands the reader and the build over to the producing threads: the reading one alone uses the
/// reader, the keying one alone the build, until they are done; hence `@unchecked Sendable`.
private final class ReaderTransfer: @unchecked Sendable {
  let reader: CSVReader
  let build: ListBuild
  let numbering: ImportNumbering
  let shouldStop: @Sendable () -> Bool
  static let batchSize = 1024
  /// The first item's number, when the records do not give it.
  private let firstItem: Int
  /// The number after the last item's, once keying is done: the collection's next.
  private(set) var nextItem: Int
  /// The items' numbers, once keying is done, when the records give them.
  private(set) var numbers = ItemNumbers()

  init(
    reader: CSVReader, build: ListBuild, firstItem: Int, numbering: ImportNumbering,
    shouldStop: @escaping @Sendable () -> Bool
  ) {
    self.reader = reader
    self.build = build
    self.firstItem = firstItem
    nextItem = firstItem
    self.numbering = numbering
    self.shouldStop = shouldStop
  }

  /// Reads and keys the items, adding their keys to the build and sending them to be stored.
  /// Reading the file runs on a third thread, a batch of records ahead of the keying: the two
  /// threads of an import each wait a tenth of the time for the other, and the third fills it.
  func produce(into channel: BoundedChannel<ImportMessage>) {
    do {
      try BoundedChannel<RecordBatch>.pipe(capacity: 8) { records in
        self.read(into: records)
      } consume: { (records) throws(CatalogError) in
        try self.key(from: records, into: channel)
      }
    } catch {
      _ = channel.send(.failure(error))
    }
  }

  /// Records of the file, a batch at a time (with their item numbers when the records give them,
  /// their leading fields taken off), or the error that ended it.
  private enum RecordBatch: Sendable {
    case records([CSVRecord], numbers: [Int], bytesRead: Int)
    case failure(CatalogError)
  }

  private func read(into records: BoundedChannel<RecordBatch>) {
    let leading = numbering.leadingFieldCount
    var lowest = firstItem
    var batch: [CSVRecord] = []
    var numbers: [Int] = []
    batch.reserveCapacity(Self.batchSize)
    do throws(CatalogError) {
      while var record = try nextRecord() {
        if leading > 0 {
          // Here, where the record's fields are its own, they are taken off in place.
          let item = try number(of: record, atLeast: lowest)
          record.fields.removeFirst(leading)
          numbers.append(item)
          lowest = item + 1
        }
        batch.append(record)
        if batch.count == Self.batchSize {
          guard records.send(.records(batch, numbers: numbers, bytesRead: reader.bytesRead))
          else { return }
          batch.removeAll(keepingCapacity: true)
          numbers.removeAll(keepingCapacity: true)
        }
      }
      if !batch.isEmpty {
        _ = records.send(.records(batch, numbers: numbers, bytesRead: reader.bytesRead))
      }
    } catch {
      _ = records.send(.failure(error))
    }
  }

  /// Keys the records as they come; returns early when the writing thread stops listening.
  private func key(
    from records: BoundedChannel<RecordBatch>, into channel: BoundedChannel<ImportMessage>
  ) throws(CatalogError) {
    let titleIndex = build.keys.keyer.sortAs.titleIndex
    while let message = records.receive() {
      switch message {
      case .failure(let error):
        throw error
      case .records(let batch, let givenNumbers, let bytesRead):
        if shouldStop() { throw .interrupted }
        var items: [ItemToStore] = []
        items.reserveCapacity(batch.count)
        var fullRuns: [ListBuild.FullRun] = []
        for (index, record) in batch.enumerated() {
          var item = nextItem
          if !givenNumbers.isEmpty {
            item = givenNumbers[index]
            numbers.insert(item)
          }
          fullRuns += build.add(item: item, fields: record.fields)
          items.append(
            ItemToStore(
              item: item, title: record.fields[titleIndex], fields: record.fields,
              line: record.line))
          nextItem = item + 1
        }
        guard channel.send(.items(items, fullRuns: fullRuns, bytesRead: bytesRead)) else {
          return
        }
      }
    }
  }

  /// The item number that `record`'s first field gives: at least `lowest` (above the one
  /// before).
  ///
  /// - Throws: `CatalogError.invalidRequest` for anything else, with the record's line.
  private func number(of record: CSVRecord, atLeast lowest: Int) throws(CatalogError) -> Int {
    guard let item = Int(record.fields[0]), item >= lowest else {
      throw .invalidRequest(
        "\(reader.inputName):\(record.line): '\(record.fields[0])' is not an item number above "
          + "the one before")
    }
    return item
  }

  private func nextRecord() throws(CatalogError) -> CSVRecord? {
    do {
      return try reader.next()
    } catch {
      throw .csv(error)
    }
  }
}
