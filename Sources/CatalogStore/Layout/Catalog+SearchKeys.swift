import CatalogCollation

/// A collection's search keys in one locale (`search_indexes`, `search_keys`), built once, the
/// first time the collection is searched in that locale (or by `build --search`), and kept up to
/// date by every write after.
extension Catalog {
  struct StoredSearchIndex {
    let id: Int
    let collectionID: Int
    let locale: String
    let version: CollationVersion
  }

  /// The search indexes a catalog (or one collection) keeps.
  func storedSearchIndexes(ofCollection collectionID: Int? = nil) throws(CatalogError)
    -> [StoredSearchIndex]
  {
    let statement = try connection.prepare(
      """
      SELECT id, collection_id, locale, icu_version, collator_version FROM search_indexes
      WHERE collection_id = ?1 OR ?1 IS NULL ORDER BY id
      """)
    try statement.bind(collectionID.map(SQLValue.integer) ?? .null)
    var indexes: [StoredSearchIndex] = []
    while try statement.step() {
      indexes.append(
        StoredSearchIndex(
          id: statement.int(at: 0), collectionID: statement.int(at: 1),
          locale: statement.text(at: 2),
          version: CollationVersion(icu: statement.text(at: 3), collator: statement.text(at: 4))))
    }
    return indexes
  }

  /// The id of the collection's search index in `collation`'s locale, built first, in one
  /// transaction after calling `willBuild`, when it is missing or was made by another ICU.
  package func searchIndexID(
    of collection: CollectionInfo, collation: Collation, willBuild: () -> Void
  ) throws(CatalogError) -> Int {
    try refuseKeysOfAnotherICU(
      "SELECT icu_version, collator_version FROM search_indexes WHERE collection_id = ? AND locale = ?",
      .integer(collection.id), .text(collation.locale.identifier), running: collation.version)
    return try buildOnce(
      missing: .init(collection: collection.name, locale: collation.locale, search: true),
      willBuild: willBuild
    ) { () throws(CatalogError) -> Int? in
      let statement = try connection.prepare(
        """
        SELECT id FROM search_indexes
        WHERE collection_id = ? AND locale = ? AND icu_version = ? AND collator_version = ?
        """)
      try statement.bind(
        .integer(collection.id), .text(collation.locale.identifier), .text(collation.version.icu),
        .text(collation.version.collator))
      return try statement.step() ? statement.int(at: 0) : nil
    } build: { () throws(CatalogError) in
      try rebuildSearchIndex(of: collection, collation: collation)
    }
  }

  /// Builds the starts of searches in a list (`SearchStarts`) from its rows and the
  /// keys of the search index `searchIndexID`, in one transaction after calling `willBuild`,
  /// when they are missing: a list built after the search index, or a catalog upgraded from
  /// a schema without them. A read-only catalog searches without them.
  package func buildSearchStarts(
    ofList listID: Int, searchIndexID: Int, collection: CollectionInfo,
    willBuild: () -> Void
  ) throws(CatalogError) {
    let starts = SearchStarts(connection: connection)
    guard !configuration.readOnly, try !starts.areBuilt(listID: listID) else { return }
    willBuild()
    try connection.transaction { () throws(CatalogError) in
      try connection.lockCollection(named: collection.name)
      guard try !starts.areBuilt(listID: listID) else { return }
      // The collection as it is now: another process may have added items since.
      let current = try self.collection(id: collection.id)
      let builder = try SearchStartsBuilder(
        connection: connection, listIDs: [listID], itemLimit: current.nextItem)
      let keys = try connection.cursor(
        "SELECT key, item FROM search_keys WHERE search_index_id = ? ORDER BY key")
      try keys.bind(.integer(searchIndexID))
      while try keys.step() { builder.add(key: keys.blobBytes(at: 0), item: keys.int(at: 1)) }
      try builder.finish()
    }
  }

  /// Builds a collection's search keys in `collation`'s locale from its stored items, inside the
  /// caller's transaction; returns the index's id.
  ///
  /// The keys are put in order by an external sort first, so that they are appended to the
  /// table's B-tree instead of inserted all over it.
  @discardableResult
  func rebuildSearchIndex(of collection: CollectionInfo, collation: Collation)
    throws(CatalogError) -> Int
  {
    let id = try connection.prepare(
      """
      INSERT INTO search_indexes (collection_id, locale, icu_version, collator_version)
      VALUES (?1, ?2, ?3, ?4)
      ON CONFLICT (collection_id, locale) DO UPDATE SET icu_version = ?3, collator_version = ?4
      RETURNING id
      """
    ).bind(
      .integer(collection.id), .text(collation.locale.identifier), .text(collation.version.icu),
      .text(collation.version.collator)
    ).stepInteger()
    try ListTables(connection: connection, keepsSearchStarts: keepsSearchStarts).deleteKeys(
      ofSearchIndex: id)
    let sortAs = SortAsSource(collection: collection)
    // Making the keys with ICU is most of the work: two threads make them, each into a sorter
    // of its own, while this one reads the items.
    let keyers = try (0..<2).map { _ throws(CatalogError) in
      SearchKeyThread(maker: try SearchIndexWriter.keyMaker(for: collection, collation: collation))
    }
    let items = try connection.cursor(
      "SELECT item, fields FROM items WHERE collection_id = ? ORDER BY item")
    try items.bind(.integer(collection.id))
    try BoundedChannel<[SearchKeyThread.Item]>.distribute(
      capacity: 8, to: keyers.map { keyer in { keyer.run(receiving: $0) } }
    ) { (channel) throws(CatalogError) in
      var batch: [SearchKeyThread.Item] = []
      while try items.step() {
        let (title, sortAs) = sortAs.searchTexts(in: items.stringArray(at: 1))
        batch.append((items.int(at: 0), title, sortAs))
        if batch.count == SearchKeyThread.batchSize {
          guard channel.send(batch) else { return }
          batch.removeAll(keepingCapacity: true)
        }
      }
      if !batch.isEmpty { _ = channel.send(batch) }
    }
    for keyer in keyers { if let failure = keyer.failure { throw failure } }
    let insert = try connection.makeBulkInsert(
      into: "search_keys", columns: ["search_index_id", "key", "item"])
    // The starts of searches in the lists of this locale are found from the keys as they come
    // out of the merge, in order.
    let starts = try SearchStartsBuilder(
      connection: connection,
      listIDs: keepsSearchStarts
        ? try SearchStarts(connection: connection).groupings(ofSearchIndex: id) : [],
      itemLimit: collection.nextItem)
    // The keys are merged in order on a second thread while this one inserts them.
    let merge = BatchedMerge(sorters: keyers.map(\.sorter), empty: SearchKeyBatch.init) {
      batch, record in
      let (key, item) = SearchKeyRecord.decode(record)
      batch.keys.append(key)
      batch.items.append(item)
      return batch.items.count == SearchKeyBatch.capacity
    }
    try merge.forEach { (batch) throws(CatalogError) in
      try batch.keys.withKeys { (keys, range) throws(CatalogError) in
        try insert.insert(count: batch.items.count) { statement, index, position in
          statement.bind(id, at: position)
          statement.bind(
            borrowing: UnsafeRawBufferPointer(rebasing: keys[range(index)]), at: position + 1)
          statement.bind(batch.items[index], at: position + 2)
        }
        for index in batch.items.indices {
          starts.add(
            key: UnsafeRawBufferPointer(rebasing: keys[range(index)]), item: batch.items[index])
        }
      }
    }
    try starts.finish()
    return id
  }
}

/// Search keys in key order with their items, a batch at a time.
private struct SearchKeyBatch: Sendable {
  static let capacity = 1024
  var keys = PackedKeys()
  var items: [Int] = []
}

/// A thread that makes the search keys of the items it receives, into a sorter of its own.
///
/// `@unchecked Sendable`: made on one thread and then used only by the thread that runs it,
/// until that thread is joined; its key maker, which is not `Sendable`, never leaves it.
private final class SearchKeyThread: @unchecked Sendable {
  /// An item to make keys for: its number, title and distinct sort-as value.
  typealias Item = (item: Int, title: String, sortAs: String?)
  static let batchSize = 512

  private let maker: SearchKeyMaker
  let sorter = ExternalSorter()
  /// Why the thread stopped early, if it did.
  private(set) var failure: CatalogError?

  init(maker: SearchKeyMaker) { self.maker = maker }

  /// Keys every item that `channel` gives, until it has no more or a run cannot be spilled.
  func run(receiving channel: BoundedChannel<[Item]>) {
    do {
      while let batch = channel.receive() {
        for item in batch { try add(item) }
      }
    } catch {
      failure = error
      channel.cancel()
    }
  }

  private func add(_ item: Item) throws(CatalogError) {
    var full: [SortRun] = []
    maker.forEachKey(title: item.title, sortAs: item.sortAs) { key in
      if let run = sorter.add({ SearchKeyRecord.append(key: key, item: item.item, to: &$0) }) {
        full.append(run)
      }
    }
    for run in full { try sorter.spill(run) }
  }
}

/// One search index's keys, kept up to date by a write.
struct SearchIndexWriter {
  let id: Int
  let connection: any DatabaseConnection
  private let maker: SearchKeyMaker
  /// The locale of the keys, whose lists' search starts follow them.
  var locale: String { maker.collation.locale.identifier }

  init(
    id: Int, collection: CollectionInfo, collation: Collation, connection: any DatabaseConnection
  )
    throws(CatalogError)
  {
    self.id = id
    self.connection = connection
    maker = try Self.keyMaker(for: collection, collation: collation)
  }

  /// What makes the search keys of a collection's items in `collation`'s locale.
  static func keyMaker(for collection: CollectionInfo, collation: Collation)
    throws(CatalogError) -> SearchKeyMaker
  {
    try collating { () throws(CollationError) in
      try SearchKeyMaker(collation: collation, options: collection.sortingOptions)
    }
  }

  /// Adds the keys of new items, in key order, 64 per statement; returns them.
  @discardableResult
  func insert(_ items: [(item: Int, title: String, sortAs: String?)]) throws(CatalogError)
    -> [(key: [UInt8], item: Int)]
  {
    var records: [(key: [UInt8], item: Int)] = []
    for item in items {
      maker.forEachKey(title: item.title, sortAs: item.sortAs) {
        records.append((Array($0), item.item))
      }
    }
    records.sort { $0.key == $1.key ? $0.item < $1.item : $0.key.lexicographicallyPrecedes($1.key) }
    let insert = try connection.makeBulkInsert(
      into: "search_keys", columns: ["search_index_id", "key", "item"])
    try insert.insert(count: records.count) { statement, row, position in
      statement.bind(id, at: position)
      statement.bind(records[row].key, at: position + 1)
      statement.bind(records[row].item, at: position + 2)
    }
    return records
  }

  /// Replaces the keys of `item` for an item whose title and sort-as values went from `old` to
  /// `new` (nil: the item was not there, or is gone); returns its new keys.
  @discardableResult
  func update(
    item: Int, from old: (title: String, sortAs: String?)?,
    to new: (title: String, sortAs: String?)?
  ) throws(CatalogError) -> [[UInt8]] {
    let oldKeys = old.map { maker.keys(title: $0.title, sortAs: $0.sortAs) } ?? []
    let newKeys = new.map { maker.keys(title: $0.title, sortAs: $0.sortAs) } ?? []
    for key in oldKeys where !newKeys.contains(key) {
      try connection.cached(
        "DELETE FROM search_keys WHERE search_index_id = ? AND key = ? AND item = ?"
      ).bind(.integer(id), .blob(key), .integer(item)).runWithoutWaiting()
    }
    for key in newKeys where !oldKeys.contains(key) {
      try connection.cached(
        "INSERT INTO search_keys (search_index_id, key, item) VALUES (?, ?, ?)"
      ).bind(.integer(id), .blob(key), .integer(item)).runWithoutWaiting()
    }
    return newKeys
  }
}
