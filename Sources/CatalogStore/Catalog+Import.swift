import CatalogCollation
import Foundation

extension Catalog {
  /// Imports a CSV file into a collection, with the keys of its letter grouping and of each
  /// `groupBy` column, all in one transaction: on any error the catalog is exactly as before.
  ///
  /// Reading and keying run on a second thread while this one writes. `progress` is called on
  /// this thread after each batch of items.
  ///
  /// - Throws: `CatalogError.csv` for bad input (with its place), `.collectionExists` without a
  ///   mode that allows it, `.unknownColumn`, `.appendMismatch`, `.busy`, `.sqlite`.
  public func importCollection(
    from reader: CSVReader, options: ImportOptions,
    progress: ((ImportProgress) -> Void)? = nil
  ) throws(CatalogError) -> ImportSummary {
    let name = options.collection.trimmingWhiteSpace
    guard !name.isEmpty else { throw .invalidCollectionName(options.collection) }
    return try withRollbackJournalIfEmpty { () throws(CatalogError) in
      try importTransaction(from: reader, options: options, name: String(name), progress: progress)
    }
  }

  /// The import's one transaction.
  private func importTransaction(
    from reader: CSVReader, options: ImportOptions, name: String,
    progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> ImportSummary {
    try connection.transaction { () throws(CatalogError) in
      let plan = try makeImportPlan(header: reader.header, options: options)
      if plan.firstItem > 0 {
        try plan.build.addStoredItems(of: plan.collectionID)
      }
      let itemCount = try writeItems(from: reader, plan: plan, progress: progress)
      let sectionCounts = try plan.build.finish()
      try connection.prepare("UPDATE collections SET item_count = ? WHERE id = ?")
        .bind(.integer(plan.firstItem + itemCount), .integer(plan.collectionID)).run()
      let summaryGrouping = options.groupBy.first.map(Grouping.column) ?? .letters
      let summaryIndex = plan.build.builders.firstIndex { $0.grouping == summaryGrouping } ?? 0
      return ImportSummary(
        collection: name, importedItems: itemCount, totalItems: plan.firstItem + itemCount,
        grouping: plan.build.builders[summaryIndex].grouping,
        sectionCount: sectionCounts[summaryIndex])
    }
  }

  // MARK: - Writing

  /// Reads, keys and writes the file's items, reading and keying on a second thread. Returns how
  /// many.
  private func writeItems(
    from reader: CSVReader, plan: ImportPlan, progress: ((ImportProgress) -> Void)?
  ) throws(CatalogError) -> Int {
    let transfer = ReaderTransfer(reader: reader, build: plan.build, firstItem: plan.firstItem)
    let insertItems = try MultiRowInsert(
      connection: connection, into: "items", columns: ["collection_id", "item", "title", "fields"])
    return try BoundedChannel<ImportMessage>.pipe(capacity: 16) { channel in
      transfer.produce(into: channel)
    } consume: { channel throws(CatalogError) in
      var itemCount = 0
      var fieldsJSON: [UInt8] = []
      while let message = channel.receive() {
        switch message {
        case .failure(let error):
          throw error
        case .items(let items, let fullRuns, let bytesRead):
          try insertItems.insert(count: items.count) { statement, row, position in
            let item = items[row]
            statement.bind(plan.collectionID, at: position)
            statement.bind(item.item, at: position + 1)
            statement.bind(item.title, at: position + 2)
            fieldsJSON.removeAll(keepingCapacity: true)
            JSONText.appendArray(item.fields, to: &fieldsJSON)
            statement.bind(utf8Text: fieldsJSON, at: position + 3)
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
  }
}

/// An item to store. Its fields are spelled as JSON on the writing thread, which has time to
/// spare while the reading one keys.
private struct StoredItem: Sendable {
  let item: Int
  let title: String
  let fields: [String]
}

/// What the reading thread sends the writing one: items to store, and the sort runs that keying
/// them filled, for the writing thread to sort and spill while the reading one goes on.
private enum ImportMessage: Sendable {
  case items([StoredItem], fullRuns: [GroupingBuild.FullRun], bytesRead: Int)
  case failure(CatalogError)
}

/// Hands the reader and the build over to the producing thread, which alone uses them until it
/// is done; hence `@unchecked Sendable`.
private final class ReaderTransfer: @unchecked Sendable {
  let reader: CSVReader
  let build: GroupingBuild
  let firstItem: Int
  static let batchSize = 1024

  init(reader: CSVReader, build: GroupingBuild, firstItem: Int) {
    self.reader = reader
    self.build = build
    self.firstItem = firstItem
  }

  /// Reads and keys the items, adding their keys to the build and sending them to be stored.
  func produce(into channel: BoundedChannel<ImportMessage>) {
    var item = firstItem
    var batch: [StoredItem] = []
    batch.reserveCapacity(Self.batchSize)
    var fullRuns: [GroupingBuild.FullRun] = []
    do throws(CatalogError) {
      while let record = try nextRecord() {
        fullRuns += build.add(item: item, fields: record.fields)
        batch.append(
          StoredItem(
            item: item, title: record.fields[build.keyer.sortAs.titleIndex],
            fields: record.fields))
        item += 1
        if batch.count == Self.batchSize {
          let message = ImportMessage.items(batch, fullRuns: fullRuns, bytesRead: reader.bytesRead)
          guard channel.send(message) else { return }
          batch.removeAll(keepingCapacity: true)
          fullRuns.removeAll()
        }
      }
      if !batch.isEmpty || !fullRuns.isEmpty {
        _ = channel.send(.items(batch, fullRuns: fullRuns, bytesRead: reader.bytesRead))
      }
    } catch {
      _ = channel.send(.failure(error))
    }
  }

  private func nextRecord() throws(CatalogError) -> CSVRecord? {
    do {
      return try reader.next()
    } catch {
      throw .csv(error)
    }
  }
}
