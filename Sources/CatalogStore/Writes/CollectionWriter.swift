import CatalogCollation

/// Writes the items of one collection inside one write transaction (`Catalog.write(to:_:)`),
/// keeping everything stored for it exact after each write: every list (each grouping in each
/// locale) with its sections, headings, index titles and counts, every search index, the item
/// count, and, when the transaction commits, one change set per list (DESIGN §9, §10).
///
/// Fields are named by column; columns a write does not name are empty for a new item and kept
/// for an updated one. Not `Sendable`: it belongs to its catalog's connection, during the
/// transaction only.
public final class CollectionWriter {
  /// The collection as it was when the transaction began.
  public let collection: CollectionInfo

  private let catalog: Catalog
  private let connection: any DatabaseConnection
  private let keys: RowKeyMaker
  private let lists: [(layout: ListLayout, tracker: ListChangeTracker)]
  private let searches: [SearchIndexWriter]
  /// For each search index, the positions in `lists` of the lists in its locale, whose search
  /// starts a write lowers to the rows it files (`SearchStarts`).
  private let listsOfSearches: [[Int]]
  private let sortAs: SortAsSource
  private let keyPosition: Int?
  private var nextItem: Int
  /// How many items the collection holds with the writes so far.
  private(set) var itemCount: Int
  private var added: Set<Int> = []
  private var updated: Set<Int> = []
  private var removed: Set<Int> = []
  /// Items added and not filed yet: they are filed `pendingCapacity` at a time, and before any
  /// other write or look-up, so that many adds file their rows in key order and count each block
  /// of a list once (`ListLayout.insert(sorted:)`).
  private var pending: [(item: Int, fields: [String])] = []
  /// The keys of the pending items.
  private var pendingKeys: [String: Int] = [:]
  static let pendingCapacity = 16_384
  /// The version of the items this write adds and updates until it takes its own, at its end
  /// (`record(version:)`).
  static let writtenNow = -1
  /// The version this write's items carry: where a writer holds the whole catalog (SQLite), the
  /// version it will commit, known from its start, so that no item needs writing twice (marking
  /// an append's 10,000 items afterwards was a tenth of its work); else `writtenNow`.
  private let itemVersion: Int
  /// Where this write's changes are queued for upload, when the collection mirrors a server's
  /// and the write is the device's own (DESIGN §16).
  private let mirrorQueue: MirrorQueue?
  /// Whether the write logs no change sets of its own: a mirror's first copy, whose import logs a
  /// reload of every list under the same version.
  var logsNoChangeSets = false

  init(catalog: Catalog, collection: CollectionInfo) throws(CatalogError) {
    self.catalog = catalog
    self.collection = collection
    connection = catalog.connection
    nextItem = collection.nextItem
    itemCount = collection.itemCount
    itemVersion =
      catalog.engine.traits.locksWholeCatalogToWrite ? try catalog.version() + 1 : Self.writtenNow
    sortAs = SortAsSource(collection: collection)
    keyPosition = collection.keyColumn.flatMap { collection.columns.firstIndex(of: $0) }
    let setup = try catalog.writerSetup(for: collection)
    keys = setup.keys
    searches = setup.searches
    lists = setup.lists.map { list in
      (
        ListLayout(
          connection: catalog.connection, listID: list.listID, grouping: list.grouping,
          collation: list.collation, indexColumns: list.indexColumns, topLevel: list.topLevel),
        ListChangeTracker()
      )
    }
    listsOfSearches = searches.map { search in
      setup.lists.indices.filter { setup.lists[$0].collation.locale.identifier == search.locale }
    }
    if try MirrorQueue.isMirror(collection.id, on: catalog.connection) {
      // Items added on the device take numbers the server never gives until they are uploaded.
      nextItem = max(nextItem, Catalog.firstLocalItem)
      mirrorQueue =
        catalog.isApplyingMirror
        ? nil : try MirrorQueue(collection: collection, on: catalog.connection)
    } else {
      mirrorQueue = nil
    }
  }

  // MARK: - Writes by column name

  /// Adds an item with these fields; returns its number.
  ///
  /// - Throws: `CatalogError.unknownColumn`, `.blankKey` or `.duplicateKey`.
  @discardableResult
  public func add(_ fields: [String: String]) throws(CatalogError) -> Int {
    try add(fields: try ordered(fields, over: nil, role: .addedField))
  }

  /// Sets these fields of an item; the others keep theirs.
  ///
  /// - Throws: `CatalogError.unknownItem`, `.unknownColumn`, `.blankKey`, `.duplicateKey`.
  public func update(_ item: ItemReference, _ fields: [String: String]) throws(CatalogError) {
    let stored = try self.item(item)
    try update(
      item: stored.item, from: stored.fields,
      to: try ordered(fields, over: stored.fields, role: .updatedField))
  }

  /// Removes an item.
  ///
  /// - Throws: `CatalogError.unknownItem`.
  public func remove(_ item: ItemReference) throws(CatalogError) {
    let stored = try self.item(item)
    try remove(item: stored.item, fields: stored.fields)
  }

  /// The item as this write has left it so far, with the version that last wrote it (-1 when
  /// this write has added or changed it): for a write that goes ahead only if an item is as a
  /// client last saw it (HTTP `If-Match`, DESIGN §15).
  ///
  /// - Throws: `CatalogError.unknownItem`, `.keyRequired`.
  public func stored(_ reference: ItemReference) throws(CatalogError) -> StoredItem {
    try filePending()
    guard let item = try StoredItem.read(reference, of: collection, on: connection) else {
      throw .unknownItem(reference, collection: collection.name)
    }
    // An item this write has touched carries the version the write will commit, which no one
    // has seen yet: it is being written, as on an engine that learns its version at the end.
    guard item.version == itemVersion, itemVersion != Self.writtenNow else { return item }
    return StoredItem(
      item: item.item, key: item.key, version: Self.writtenNow, columns: item.columns,
      fields: item.fields)
  }

  /// Replaces the fields of the item whose key these fields have, or adds an item when no item
  /// has it; returns the item's number. Columns not named are empty.
  ///
  /// - Throws: `CatalogError.keyRequired` without a key column, `.unknownColumn`, `.blankKey`.
  @discardableResult
  public func upsert(_ fields: [String: String]) throws(CatalogError) -> Int {
    guard let keyPosition else {
      throw .keyRequired(collection: collection.name, operation: .upsert)
    }
    let row = try ordered(fields, over: nil, role: .upsertedField)
    let key = String(row[keyPosition].canonicalValue)
    if let existing = try storedItem(key: key) {
      try update(item: existing.item, from: existing.fields, to: row)
      return existing.item
    }
    return try add(fields: row)
  }

  // MARK: - Writes of whole rows

  /// Adds an item with fields in column order; returns its number.
  func add(fields: [String]) throws(CatalogError) -> Int {
    let item = nextItem
    if mirrorQueue != nil, keyPosition == nil {
      throw .keyRequired(collection: collection.name, operation: .mirrorAdd)
    }
    let key = try checkedKey(of: fields, for: nil)
    if let key { pendingKeys[key] = item }
    try mirrorQueue?.record(
      .add, item: item, key: key, fields: Array(zip(collection.columns, fields)), old: nil)
    pending.append((item, fields))
    nextItem += 1
    itemCount += 1
    added.insert(item)
    if pending.count == Self.pendingCapacity { try filePending() }
    return item
  }

  /// Adds an item under a number the server gave it, applying a server's version to a mirror
  /// (DESIGN §16).
  func add(fields: [String], number item: Int) throws(CatalogError) {
    if let key = try checkedKey(of: fields, for: nil) { pendingKeys[key] = item }
    pending.append((item, fields))
    itemCount += 1
    added.insert(item)
    if pending.count == Self.pendingCapacity { try filePending() }
  }

  /// Writes the pending items, their rows in every list and their search keys.
  private func filePending() throws(CatalogError) {
    guard !pending.isEmpty else { return }
    let items = pending
    pending = []
    pendingKeys = [:]
    let insertItems = try connection.makeBulkInsert(
      into: "items",
      columns: ["collection_id", "item", "title", "fields", "version", "key"])
    try insertItems.insert(count: items.count) { statement, row, position in
      let (item, fields) = items[row]
      statement.bind(collection.id, at: position)
      statement.bind(item, at: position + 1)
      statement.bind(fields[sortAs.titleIndex], at: position + 2)
      statement.bind(JSONText.array(fields), at: position + 3)
      statement.bind(itemVersion, at: position + 4)
      if let keyPosition {
        statement.bind(String(fields[keyPosition].canonicalValue), at: position + 5)
      }
    }
    let entries = items.map { keys.entries(item: $0.item, fields: $0.fields) }
    for (position, (layout, tracker)) in lists.enumerated() {
      let sorted = entries.map { $0[position] }.sorted {
        $0.rowKey.lexicographicallyPrecedes($1.rowKey)
      }
      for (section, effect) in try layout.insert(sorted: sorted) {
        tracker.section(section, effect)
      }
      for entry in sorted { tracker.rowInserted(entry.rowKey) }
    }
    let texts = items.map { item in
      let (title, sortAs) = sortAs.searchTexts(in: item.fields)
      return (item.item, title, sortAs)
    }
    let positions = Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].item, $0) })
    for (search, lists) in zip(searches, listsOfSearches) {
      let records = try search.insert(texts)
      for list in lists {
        try lowerSearchStarts(
          ofList: list,
          to: records.lazy.map { ($0.key, entries[positions[$0.item]!][list].rowKey) })
      }
    }
  }

  /// Lowers the search starts of list `list` (a position in `lists`) to the rows of items with
  /// these search keys, which come in key order.
  private func lowerSearchStarts(
    ofList list: Int, to keys: some Sequence<(key: [UInt8], rowKey: [UInt8])>
  ) throws(CatalogError) {
    try SearchStarts(connection: connection).lower(
      listID: lists[list].layout.listID, to: SearchStarts.leastRows(of: keys))
  }

  /// Gives an item new fields in column order; does nothing when they are its fields already,
  /// byte for byte (fields are stored exactly as written, so a new normalization form of the same
  /// text is a change, DESIGN §9).
  func update(item: Int, from old: [String], to new: [String]) throws(CatalogError) {
    guard !old.elementsEqual(new, by: { $0.utf8.elementsEqual($1.utf8) }) else { return }
    try filePending()
    let key = try checkedKey(of: new, for: item)
    if let mirrorQueue {
      let changed = collection.columns.indices.filter {
        !old[$0].utf8.elementsEqual(new[$0].utf8)
      }
      try mirrorQueue.record(
        .update, item: item, key: keyPosition.map { String(old[$0].canonicalValue) },
        fields: changed.map { (collection.columns[$0], new[$0]) }, old: old)
    }
    try connection.cached(
      """
      UPDATE items SET title = ?3, fields = ?4, key = ?5, version = ?6
      WHERE collection_id = ?1 AND item = ?2
      """
    ).bind(
      .integer(collection.id), .integer(item), .text(new[sortAs.titleIndex]),
      .text(JSONText.array(new)), key.map(SQLValue.text) ?? .null, .integer(itemVersion)
    ).runWithoutWaiting()
    let oldEntries = keys.entries(item: item, fields: old)
    let newEntries = keys.entries(item: item, fields: new)
    for (position, (before, after)) in zip(oldEntries, newEntries).enumerated() {
      let (layout, tracker) = lists[position]
      if before.rowKey == after.rowKey {
        tracker.section(after.sectionKey, try layout.retally(from: before, to: after))
      } else {
        tracker.section(before.sectionKey, try layout.delete(before))
        tracker.rowDeleted(before.rowKey)
        tracker.section(after.sectionKey, try layout.insert(after))
        tracker.rowInserted(after.rowKey)
      }
      tracker.itemUpdated(rowKey: after.rowKey)
    }
    let (oldTexts, newTexts) = (sortAs.searchTexts(in: old), sortAs.searchTexts(in: new))
    for (search, lists) in zip(searches, listsOfSearches) {
      let keys = try search.update(item: item, from: oldTexts, to: newTexts)
      for list in lists {
        try lowerSearchStarts(
          ofList: list,
          to: keys.sorted { $0.lexicographicallyPrecedes($1) }.lazy.map {
            ($0, newEntries[list].rowKey)
          })
      }
    }
    if !added.contains(item) { updated.insert(item) }
  }

  /// Removes an item whose stored fields are `fields`.
  func remove(item: Int, fields: [String]) throws(CatalogError) {
    try filePending()
    try mirrorQueue?.record(
      .remove, item: item, key: keyPosition.map { String(fields[$0].canonicalValue) }, fields: [],
      old: fields)
    try connection.cached("DELETE FROM items WHERE collection_id = ? AND item = ?")
      .bind(.integer(collection.id), .integer(item)).runWithoutWaiting()
    // An item this write added was never seen by anyone: its removal is not history.
    if !added.contains(item) {
      try catalog.recordRemoval(
        of: item, key: keyPosition.map { String(fields[$0].canonicalValue) },
        from: collection.id, version: itemVersion)
    }
    for (position, entry) in keys.entries(item: item, fields: fields).enumerated() {
      let (layout, tracker) = lists[position]
      tracker.section(entry.sectionKey, try layout.delete(entry))
      tracker.rowDeleted(entry.rowKey)
      tracker.itemRemoved(item)
    }
    let texts = sortAs.searchTexts(in: fields)
    for search in searches { try search.update(item: item, from: texts, to: nil) }
    itemCount -= 1
    updated.remove(item)
    if added.remove(item) == nil { removed.insert(item) }
  }

  // MARK: - Items

  /// The stored fields of item `number`, nil when there is none.
  func fields(ofItem number: Int) throws(CatalogError) -> [String]? {
    try filePending()
    let statement = try connection.cached(
      "SELECT fields FROM items WHERE collection_id = ? AND item = ?")
    try statement.bind(.integer(collection.id), .integer(number))
    defer { statement.reset() }
    return try statement.step() ? statement.stringArray(at: 0) : nil
  }

  /// An item's number and stored fields.
  func item(_ reference: ItemReference) throws(CatalogError) -> (item: Int, fields: [String]) {
    try filePending()
    let found: (item: Int, fields: [String])?
    switch reference {
    case .number(let number):
      let statement = try connection.cached(
        "SELECT fields FROM items WHERE collection_id = ? AND item = ?")
      try statement.bind(.integer(collection.id), .integer(number))
      found = try statement.step() ? (number, statement.stringArray(at: 0)) : nil
      statement.reset()
    case .key(let key):
      guard keyPosition != nil else {
        throw .keyRequired(collection: collection.name, operation: .itemByKey)
      }
      found = try storedItem(key: String(key.canonicalValue))
    }
    guard let found else { throw .unknownItem(reference, collection: collection.name) }
    return found
  }

  /// The item with this key, if any.
  func storedItem(key: String) throws(CatalogError) -> (item: Int, fields: [String])? {
    if pendingKeys[key] != nil { try filePending() }
    let statement = try connection.cached(
      "SELECT item, fields FROM items WHERE collection_id = ? AND key = ?")
    try statement.bind(.integer(collection.id), .text(key))
    defer { statement.reset() }
    return try statement.step() ? (statement.int(at: 0), statement.stringArray(at: 1)) : nil
  }

  /// The fields named by column, in column order, over `base` (an item's fields) or empty ones;
  /// `role` is what a column the collection lacks was named for.
  private func ordered(
    _ fields: [String: String], over base: [String]?, role: CatalogError.ColumnRole
  ) throws(CatalogError) -> [String] {
    var row = base ?? Array(repeating: "", count: collection.columns.count)
    for (column, value) in fields {
      guard let position = collection.columns.firstIndex(of: column) else {
        throw .unknownColumn(column: column, role: role, available: collection.columns)
      }
      row[position] = value
    }
    return row
  }

  /// The trimmed key of an item with these fields, checked to be non-empty and not another
  /// item's; nil when the collection has no key column.
  private func checkedKey(of fields: [String], for item: Int?) throws(CatalogError) -> String? {
    guard let keyPosition, let column = collection.keyColumn else { return nil }
    let key = String(fields[keyPosition].canonicalValue)
    guard !key.isEmpty else { throw .blankKey(collection: collection.name, column: column) }
    var holder = pendingKeys[key]
    if holder == nil { holder = try storedItem(key: key)?.item }
    if let other = holder, other != item {
      throw .duplicateKey(key, collection: collection.name, item: other)
    }
    return key
  }

  // MARK: - Finishing

  /// Ends the writes: when they changed any item, how to record the collection's new counts and
  /// each list's change set under the version the write commits; else the catalog's version,
  /// which the write leaves as it is.
  func finish() throws(CatalogError) -> WriteOutcome<WriteSummary> {
    try filePending()
    for (layout, _) in lists { try layout.writeDeferredCounts() }
    guard !added.isEmpty || !updated.isEmpty || !removed.isEmpty else {
      return .unchanged(WriteSummary(version: try catalog.version()))
    }
    return .changed { (version) throws(CatalogError) in try self.record(version: version) }
  }

  private func record(version: Int) throws(CatalogError) -> WriteSummary {
    try connection.cached(
      "UPDATE collections SET item_count = ?2, next_item = ?3, version = ?4 WHERE id = ?1"
    ).bind(.integer(collection.id), .integer(itemCount), .integer(nextItem), .integer(version))
      .runWithoutWaiting()
    assert(itemVersion == Self.writtenNow || itemVersion == version)
    if itemVersion == Self.writtenNow && (!added.isEmpty || !updated.isEmpty) {
      try connection.cached(
        "UPDATE items SET version = ?2 WHERE collection_id = ?1 AND version = -1"
      ).bind(.integer(collection.id), .integer(version)).runWithoutWaiting()
    }
    if !removed.isEmpty {
      try catalog.finishRemovals(
        from: collection.id, version: version, markedUntilNow: itemVersion == Self.writtenNow)
    }
    let rebuilt = Set(catalog.listsBuiltByWrite ?? [])
    for (layout, tracker) in lists where !logsNoChangeSets {
      let locale = layout.collation.locale.identifier
      // A list rebuilt by this write (its keys were made by another ICU) reloads.
      guard !rebuilt.contains(layout.listID) else {
        try catalog.log(
          .reload(
            version: version, collection: collection.name, grouping: layout.grouping,
            locale: locale))
        continue
      }
      guard !tracker.isEmpty else { continue }
      try catalog.log(
        tracker.changeSet(
          version: version, collection: collection.name, grouping: layout.grouping,
          locale: locale, tree: layout.tree))
    }
    return WriteSummary(
      version: version, added: ItemNumbers(added.sorted()), updated: ItemNumbers(updated.sorted()),
      removed: ItemNumbers(removed.sorted()))
  }
}
