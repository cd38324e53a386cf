/// Where a search begins to read a list (`search_starts`): for each list whose collection
/// has a search index in its locale, and each beginning of a search key (its first byte, its
/// first two and its first three), a row key that no row of the list whose item has a key with that beginning comes
/// before. A list is in the order of its sort-as values, so the items that a search of one or
/// two letters finds are often far from its start and close together: "Amélie Sato" is the
/// first `s` of a list of names that starts with thousands of "Amélie A…" to "Amélie P…".
///
/// A start only ever has to be at or before the first such row, so a write lowers it when it
/// files an item before it, and never raises it: a removed item leaves it where it was. The
/// empty beginning, with the empty row key, says that the list's starts are built: without
/// it, the rows of a list are not starts (a write may have lowered a few before they were
/// built) and a search reads the list from its first row. Rebuilding a list or a search index
/// deletes the starts that depend on it; the next search builds them again.
struct SearchStarts {
  let connection: any DatabaseConnection

  /// The longest beginning of a key that starts are kept for, in bytes.
  static let longestBeginning = 3

  /// The beginnings of `key` that starts are kept for: its first byte, its first two and its
  /// first three.
  static func beginnings(of key: some Collection<UInt8>) -> [[UInt8]] {
    var beginnings: [[UInt8]] = []
    var beginning: [UInt8] = []
    for byte in key.prefix(longestBeginning) {
      beginning.append(byte)
      beginnings.append(beginning)
    }
    return beginnings
  }

  /// Whether the list's starts are built.
  func areBuilt(listID: Int) throws(CatalogError) -> Bool {
    try connection.cached(
      "SELECT count(*) FROM search_starts WHERE grouping_id = ? AND prefix = ?"
    ).bind(.integer(listID), .blob([])).stepInteger() == 1
  }

  /// Where a search for the keys that start with `key` begins to read the list: the
  /// latest start of `key`'s beginnings; nil when the starts are not built (the list's start).
  func start(forKey key: [UInt8], listID: Int) throws(CatalogError) -> [UInt8]? {
    guard try areBuilt(listID: listID) else { return nil }
    let beginnings = Self.beginnings(of: key)
    let statement = try connection.cached(
      """
      SELECT first_row FROM search_starts
      WHERE grouping_id = ?1 AND (prefix = ?2 OR prefix = ?3 OR prefix = ?4)
      ORDER BY first_row DESC LIMIT 1
      """)
    try statement.bind(
      [.integer(listID)]
        + (0..<Self.longestBeginning).map { .blob(beginnings[min($0, beginnings.count - 1)]) })
    defer { statement.reset() }
    // No start for a beginning: no item has a key with it (a write that adds one adds its start).
    return try statement.step() ? statement.blob(at: 0) : []
  }

  /// The least row key of each beginning of `keys`, which come in key order with the row keys of
  /// their items: runs of keys share a beginning, so each is found once, without a look-up.
  static func leastRows(
    of keys: some Sequence<(key: [UInt8], rowKey: [UInt8])>
  ) -> [(beginning: [UInt8], rowKey: [UInt8])] {
    var found: [(beginning: [UInt8], rowKey: [UInt8])] = []
    var beginning: [UInt8] = []
    // The least row key in the current run of each beginning, by its length - 1; only the
    // longest is kept up to date, and a shorter one takes the least of the runs in it as they
    // end.
    var least = [[UInt8]?](repeating: nil, count: longestBeginning)
    func endRuns(longerThan length: Int) {
      for index in stride(from: beginning.count - 1, through: length, by: -1) {
        guard let rowKey = least[index] else { continue }
        found.append((Array(beginning.prefix(index + 1)), rowKey))
        if index > 0, least[index - 1].map({ rowKey.lexicographicallyPrecedes($0) }) ?? true {
          least[index - 1] = rowKey
        }
        least[index] = nil
      }
    }
    for (key, rowKey) in keys {
      let length = min(key.count, longestBeginning)
      guard length > 0 else { continue }
      var shared = 0
      while shared < min(length, beginning.count), key[shared] == beginning[shared] { shared += 1 }
      if shared < beginning.count || length != beginning.count {
        endRuns(longerThan: shared)
        beginning = Array(key.prefix(length))
      }
      if least[length - 1].map({ rowKey.lexicographicallyPrecedes($0) }) ?? true {
        least[length - 1] = rowKey
      }
    }
    endRuns(longerThan: 0)
    return found
  }

  /// Lowers the list's starts to the least row keys of the items a write filed, by the
  /// beginnings of their keys (`leastRows(of:)`), adding those it has none for.
  func lower(listID: Int, to least: [(beginning: [UInt8], rowKey: [UInt8])])
    throws(CatalogError)
  {
    for (beginning, rowKey) in least {
      try connection.cached(
        """
        INSERT INTO search_starts (grouping_id, prefix, first_row) VALUES (?1, ?2, ?3)
        ON CONFLICT (grouping_id, prefix) DO UPDATE SET first_row = excluded.first_row
        WHERE excluded.first_row < search_starts.first_row
        """
      ).bind(.integer(listID), .blob(beginning), .blob(rowKey)).runWithoutWaiting()
    }
  }

  /// Deletes the starts of a list that is being built again.
  func delete(ofList id: Int) throws(CatalogError) {
    try connection.cached("DELETE FROM search_starts WHERE grouping_id = ?")
      .bind(.integer(id)).run()
  }

  /// Deletes the starts of the lists in a search index's collection and locale, whose keys
  /// are being built again.
  func delete(ofSearchIndex id: Int) throws(CatalogError) {
    try connection.cached(
      """
      DELETE FROM search_starts WHERE grouping_id IN (
        SELECT g.id FROM groupings g JOIN search_indexes s
          ON s.collection_id = g.collection_id AND s.locale = g.locale
        WHERE s.id = ?)
      """
    ).bind(.integer(id)).run()
  }

  /// The lists in a search index's collection and locale.
  func groupings(ofSearchIndex id: Int) throws(CatalogError) -> [Int] {
    let statement = try connection.prepare(
      """
      SELECT g.id FROM groupings g JOIN search_indexes s
        ON s.collection_id = g.collection_id AND s.locale = g.locale
      WHERE s.id = ? ORDER BY g.id
      """)
    try statement.bind(.integer(id))
    var ids: [Int] = []
    while try statement.step() { ids.append(statement.int(at: 0)) }
    return ids
  }
}

/// Builds the starts of some lists of one collection (`SearchStarts`) from their rows and
/// the keys of the search index in their locale, given in key order (`add`).
///
/// Each list is read once first, to learn each item's position in it (4 bytes an item) and the
/// key of every 32nd row. Keys in order come in runs that share a beginning: a run keeps the
/// least position of its items, and when it ends, its beginning's start is the key of the sampled
/// row at or before that position (at most 31 rows early, which a start may be).
final class SearchStartsBuilder {
  /// What is learnt of one list.
  private final class List {
    let listID: Int
    /// Each item's position in the list, by item number (UInt32.max, or past the end: none).
    var positions: [UInt32]
    /// The keys of rows 0, 32, 64, …
    var sampledKeys = PackedKeys()
    /// The least position in the current run of keys with each beginning, by its length - 1.
    var least = [UInt32](repeating: .max, count: SearchStarts.longestBeginning)
    /// The starts found, with the mark of a list whose starts are built.
    var starts: [(beginning: [UInt8], rowKey: [UInt8])] = [([], [])]

    init(listID: Int, itemLimit: Int) {
      self.listID = listID
      positions = [UInt32](repeating: .max, count: itemLimit)
    }
  }

  private let connection: any DatabaseConnection
  private let lists: [List]
  /// The beginning of the last key added, as long as it has (up to the longest kept).
  private var beginning: [UInt8] = []
  private static let sampling = 32

  /// Reads the lists of `listIDs`, of a collection whose item numbers are about below
  /// `itemLimit` (the arrays grow for larger ones).
  init(connection: any DatabaseConnection, listIDs: [Int], itemLimit: Int)
    throws(CatalogError)
  {
    self.connection = connection
    lists = listIDs.map { List(listID: $0, itemLimit: itemLimit) }
    for list in lists {
      let rows = try connection.cursor(
        "SELECT key, item FROM rows WHERE grouping_id = ? ORDER BY key")
      try rows.bind(.integer(list.listID))
      var position = 0
      while try rows.step() {
        let item = rows.int(at: 1)
        if position % Self.sampling == 0 { list.sampledKeys.append(rows.blobBytes(at: 0)) }
        if item >= list.positions.count {
          list.positions += repeatElement(
            .max, count: max(item + 1 - list.positions.count, list.positions.count))
        }
        list.positions[item] = UInt32(position)
        position += 1
      }
    }
  }

  /// Counts a search key of an item; keys come in order.
  func add(key: UnsafeRawBufferPointer, item: Int) {
    let length = min(key.count, SearchStarts.longestBeginning)
    if length != beginning.count || !key.prefix(length).elementsEqual(beginning) {
      var shared = 0
      while shared < min(length, beginning.count), key[shared] == beginning[shared] { shared += 1 }
      endRuns(longerThan: shared)
      beginning.removeAll(keepingCapacity: true)
      beginning.append(contentsOf: key.prefix(length))
    }
    // Only the longest beginning's run is kept up to date: a shorter one's takes the least of
    // the longer runs in it as they end.
    for list in lists where item < list.positions.count {
      let position = list.positions[item]
      if position < list.least[length - 1] { list.least[length - 1] = position }
    }
  }

  /// Ends the runs of the beginnings of the last key that are longer than `length` bytes.
  private func endRuns(longerThan length: Int) {
    for index in stride(from: beginning.count - 1, through: length, by: -1) {
      for list in lists where list.least[index] != .max {
        let position = list.least[index]
        list.starts.append(
          (
            Array(beginning.prefix(index + 1)),
            list.sampledKeys.key(at: Int(position) / Self.sampling)
          ))
        if index > 0, position < list.least[index - 1] { list.least[index - 1] = position }
        list.least[index] = .max
      }
    }
  }

  /// Stores the starts, in place of those the lists had.
  func finish() throws(CatalogError) {
    endRuns(longerThan: 0)
    let starts = SearchStarts(connection: connection)
    for list in lists {
      try starts.delete(ofList: list.listID)
      let records = list.starts
      let insert = try connection.makeBulkInsert(
        into: "search_starts", columns: ["grouping_id", "prefix", "first_row"])
      try insert.insert(count: records.count) { statement, row, position in
        statement.bind(list.listID, at: position)
        statement.bind(records[row].beginning, at: position + 1)
        statement.bind(records[row].rowKey, at: position + 2)
      }
    }
  }
}
