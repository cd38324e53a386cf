/// What the writes of one transaction did to one list, recorded as they happen, and the change set
/// they make once the transaction is done (DESIGN §10).
///
/// The writer knows exactly what it touched, so nothing is diffed: the tracker keeps the net
/// effect of each touched row and section (a row inserted and deleted again is no change), and at
/// the end finds the positions after the writes from the list's counts, and the positions before
/// them from the same counts corrected by what was inserted and deleted before each position.
final class ListChangeTracker {
  /// The most rows one write may insert, delete or update in a list before its change set is a
  /// reload: a list UI animates a few hundred changes, and reloads for thousands (as a table view
  /// given a large batch would). Keeps the tracker's memory bounded, whatever the write.
  static let maximumRows = 1_000

  /// Whether the write touched more rows than a change set names, so the list reloads.
  private(set) var isReload = false

  private enum RowChange {
    /// The row is new: it was not in the list before the transaction.
    case inserted
    /// The row was in the list before the transaction and is gone.
    case deleted
  }

  /// What the transaction did to a section, from the first write that touched it.
  private struct SectionChange {
    let existedBefore: Bool
    var existsNow: Bool
    /// Its heading and index titles before the transaction, where a write read them.
    var labelBefore: [String]?
    /// Its heading and index titles after the last write that touched it, where it read them.
    var labelNow: [String]?
    /// How its count changed.
    var count = 0

    /// The state before a transaction's first write to the section.
    init(firstTouchedBy effect: ListLayout.SectionEffect) {
      switch effect {
      case .created:
        existedBefore = false
        existsNow = false
      case .deleted(let label, _):
        existedBefore = true
        existsNow = true
        labelBefore = label
      case .changed:
        existedBefore = true
        existsNow = true
      }
    }

    /// Whether a list shows a section that was there before and still is differently: its count
    /// or its label differs, however many writes went in between (two spellings that tie may
    /// trade the heading back and forth).
    var isVisible: Bool {
      existedBefore && existsNow && (count != 0 || (labelNow != nil && labelNow != labelBefore))
    }
  }

  private var rows: [[UInt8]: RowChange] = [:]
  /// The items whose fields changed, with the key of their row now.
  private var updatedItems: [Int: [UInt8]] = [:]
  private var sections: [[UInt8]: SectionChange] = [:]

  /// A row was inserted.
  func rowInserted(_ key: [UInt8]) {
    guard !isReload else { return }
    rows[key] = rows[key] == .deleted ? nil : .inserted
    checkSize()
  }

  /// A row was deleted.
  func rowDeleted(_ key: [UInt8]) {
    guard !isReload else { return }
    rows[key] = rows[key] == .inserted ? nil : .deleted
    checkSize()
  }

  /// The fields of the item that the row `key` shows changed.
  func itemUpdated(rowKey key: [UInt8]) {
    guard !isReload else { return }
    updatedItems[ListKey.item(ofRow: key)] = key
    checkSize()
  }

  /// Turns to a reload, forgetting the rows, once more than `maximumRows` were touched.
  private func checkSize() {
    guard rows.count + updatedItems.count > Self.maximumRows else { return }
    isReload = true
    rows = [:]
    updatedItems = [:]
    sections = [:]
  }

  /// An item left the list for good (it was removed from the collection).
  func itemRemoved(_ item: Int) {
    updatedItems[item] = nil
  }

  /// What a write did to a section.
  func section(_ key: [UInt8], _ effect: ListLayout.SectionEffect) {
    guard !isReload else { return }
    var change = sections[key] ?? SectionChange(firstTouchedBy: effect)
    switch effect {
    case .created(let label, let count):
      change.existsNow = true
      change.labelNow = label
      change.count += count
    case .deleted(_, let count):
      change.existsNow = false
      change.labelNow = nil
      change.count -= count
    case .changed(let count, let label):
      change.count += count
      if label != .unchanged {
        // The first write that read the label read it as it was before the transaction.
        if change.labelBefore == nil { change.labelBefore = label.before }
        change.labelNow = label.after
      }
    }
    sections[key] = change
  }

  /// Whether anything was recorded.
  var isEmpty: Bool { !isReload && rows.isEmpty && updatedItems.isEmpty && sections.isEmpty }

  /// The change set of the transaction's writes, with positions from `tree`, which holds the
  /// list's counts after the writes.
  func changeSet(
    version: Int, collection: String, grouping: Grouping, locale: String, tree: BlockTree
  ) throws(CatalogError) -> ChangeSet {
    if isReload {
      return .reload(version: version, collection: collection, grouping: grouping, locale: locale)
    }
    var positions = PositionFinder(
      tree: tree,
      insertedRows: rows.filter { $0.value == .inserted }.keys.sorted(by: Self.precedes),
      deletedRows: rows.filter { $0.value == .deleted }.keys.sorted(by: Self.precedes),
      createdSections: sections.filter { !$0.value.existedBefore && $0.value.existsNow }.keys
        .sorted(by: Self.precedes),
      deletedSections: sections.filter { $0.value.existedBefore && !$0.value.existsNow }.keys
        .sorted(by: Self.precedes))
    // Every position below comes from the counts before these keys: read them all at once.
    try positions.find(
      (Array(rows.keys) + Array(updatedItems.values)).flatMap { [$0, ListKey.section(ofRow: $0)] }
        + sections.keys)

    var inserted: [ChangeSet.RowPath] = []
    var deleted: [ChangeSet.RowPath] = []
    var moves: [ChangeSet.Move] = []
    var insertedByItem: [Int: [UInt8]] = [:]
    for key in positions.insertedRows { insertedByItem[ListKey.item(ofRow: key)] = key }
    for key in positions.deletedRows {
      let item = ListKey.item(ofRow: key)
      if let destination = insertedByItem[item],
        sections[ListKey.section(ofRow: key)]?.existsNow != false,
        sections[ListKey.section(ofRow: destination)]?.existedBefore != false
      {
        moves.append(
          ChangeSet.Move(
            from: try positions.pathBefore(key), to: try positions.pathAfter(destination)))
        insertedByItem[item] = nil
      } else {
        deleted.append(try positions.pathBefore(key))
      }
    }
    for key in insertedByItem.values { inserted.append(try positions.pathAfter(key)) }
    // Rows whose fields changed, where they are now: in place, or where they moved to. A new
    // item's row is inserted, not updated.
    let destinations = Set(moves.map(\.to))
    var updated: [ChangeSet.RowPath] = []
    for key in updatedItems.values where rows[key] != .deleted {
      let path = try positions.pathAfter(key)
      if rows[key] == nil || destinations.contains(path) { updated.append(path) }
    }
    var updatedSections: [Int] = []
    for (key, change) in sections where change.isVisible {
      updatedSections.append(try positions.sectionAfter(key))
    }
    var deletedSections: [Int] = []
    for key in positions.deletedSections {
      deletedSections.append(try positions.sectionBefore(key))
    }
    var insertedSections: [Int] = []
    for key in positions.createdSections {
      insertedSections.append(try positions.sectionAfter(key))
    }
    return ChangeSet(
      version: version, collection: collection, grouping: grouping, locale: locale,
      deletedSections: deletedSections, insertedSections: insertedSections,
      updatedSections: updatedSections, deletedRows: deleted, insertedRows: inserted,
      movedRows: moves, updatedRows: updated)
  }

  static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }
}

/// Positions in a list after a transaction's writes, read from its counts, and before them, from
/// the same counts less what was inserted and plus what was deleted before the position.
private struct PositionFinder {
  let tree: BlockTree
  /// The counts found so far, by key: a section's are asked for again by each of its rows.
  private var found: [[UInt8]: BlockTree.Counts] = [:]
  /// The keys the transaction inserted and deleted, each in order.
  let insertedRows: [[UInt8]]
  let deletedRows: [[UInt8]]
  let createdSections: [[UInt8]]
  let deletedSections: [[UInt8]]

  init(
    tree: BlockTree, insertedRows: [[UInt8]], deletedRows: [[UInt8]],
    createdSections: [[UInt8]], deletedSections: [[UInt8]]
  ) {
    self.tree = tree
    self.insertedRows = insertedRows
    self.deletedRows = deletedRows
    self.createdSections = createdSections
    self.deletedSections = deletedSections
  }

  /// Reads the counts before each of `keys` at once where the tree counts several keys in one
  /// statement; elsewhere each is read as it is asked for, which costs no more.
  mutating func find(_ keys: @autoclosure () -> [[UInt8]]) throws(CatalogError) {
    guard tree.countsSeveralKeysAtOnce else { return }
    var distinct: [[UInt8]] = []
    for key in keys().sorted(by: ListChangeTracker.precedes) where distinct.last != key {
      distinct.append(key)
    }
    for (key, counts) in zip(distinct, try tree.countsBefore(sortedKeys: distinct)) {
      found[key] = counts
    }
  }

  /// The rows and sections before `key` after the writes.
  private mutating func counts(before key: [UInt8]) throws(CatalogError) -> BlockTree.Counts {
    if let known = found[key] { return known }
    let counts = try tree.countsBefore(key)
    found[key] = counts
    return counts
  }

  mutating func pathAfter(_ key: [UInt8]) throws(CatalogError) -> ChangeSet.RowPath {
    let sectionStart = try counts(before: ListKey.section(ofRow: key))
    let rowsBefore = try counts(before: key).rows
    return ChangeSet.RowPath(section: sectionStart.sections, row: rowsBefore - sectionStart.rows)
  }

  mutating func pathBefore(_ key: [UInt8]) throws(CatalogError) -> ChangeSet.RowPath {
    let section = ListKey.section(ofRow: key)
    return ChangeSet.RowPath(
      section: try sectionBefore(section), row: try rowsBefore(key) - (try rowsBefore(section)))
  }

  mutating func sectionAfter(_ key: [UInt8]) throws(CatalogError) -> Int {
    try counts(before: key).sections
  }

  mutating func sectionBefore(_ key: [UInt8]) throws(CatalogError) -> Int {
    try counts(before: key).sections - Self.count(createdSections, before: key)
      + Self.count(deletedSections, before: key)
  }

  private mutating func rowsBefore(_ key: [UInt8]) throws(CatalogError) -> Int {
    try counts(before: key).rows - Self.count(insertedRows, before: key)
      + Self.count(deletedRows, before: key)
  }

  /// How many of the sorted `keys` are less than `key`.
  private static func count(_ keys: [[UInt8]], before key: [UInt8]) -> Int {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle].lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
