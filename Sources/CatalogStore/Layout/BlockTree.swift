/// The positions of one list's rows and sections, counted per block of keys (`row_blocks`).
///
/// SQLite has no counted B-tree, so a list keeps its own: the keys of its rows and sections (its
/// elements, in `rows` and `sections`) are cut into level-0 blocks of at most
/// `shape.maximumBlockSize` elements, each stored as its first key and its counts; a level-L node
/// covers at most `shape.maximumChildren` nodes of level L − 1 and their counts. Every level begins
/// with the empty key, and each level's first keys are a subset of the level below's. How many
/// rows or sections come before a key, and which key is at a position, cost a few dozen node
/// reads per level; a write adds one to a node per level and now and then splits one. Deleting
/// elements never merges blocks: an emptied block goes, the others stay as they are.
///
/// Used inside one transaction (a writer) or one read snapshot (a reader) at a time.
final class BlockTree {
  /// How many rows and sections.
  struct Counts: Equatable, Sendable {
    var rows: Int
    var sections: Int

    static let zero = Counts(rows: 0, sections: 0)
    static let oneRow = Counts(rows: 1, sections: 0)
    static let oneSection = Counts(rows: 0, sections: 1)

    var total: Int { rows + sections }

    static func + (a: Counts, b: Counts) -> Counts {
      Counts(rows: a.rows + b.rows, sections: a.sections + b.sections)
    }

    static func - (a: Counts, b: Counts) -> Counts {
      Counts(rows: a.rows - b.rows, sections: a.sections - b.sections)
    }

    static prefix func - (a: Counts) -> Counts { Counts(rows: -a.rows, sections: -a.sections) }

    static func += (a: inout Counts, b: Counts) { a = a + b }
  }

  /// Which elements a position counts.
  enum Kind {
    case row, section
  }

  /// How large blocks and nodes grow.
  struct Shape: Sendable {
    /// Elements in a level-0 block before it splits in two.
    let maximumBlockSize: Int
    /// Nodes of the level below under one node before it splits in two.
    let maximumChildren: Int
    /// How full a bulk build fills blocks and nodes, leaving room for inserts before a split.
    let bulkBlockSize: Int
    let bulkChildren: Int

    /// The shape of every stored list: a level-0 block reads like a few dozen index entries.
    static let standard = Shape(
      maximumBlockSize: 128, maximumChildren: 64, bulkBlockSize: 96, bulkChildren: 48)
  }

  let connection: any DatabaseConnection
  let listID: Int
  let shape: Shape
  private let counting: Counting
  private var cachedTopLevel: Int?

  /// Counts added to the nodes above level 0 and not yet written, by level and first key.
  ///
  /// A write that changes many rows changes the same few upper nodes again and again, and on
  /// PostgreSQL every update of a row leaves a version that the next update of it in the same
  /// transaction walks past (an upsert of 50,000 rows into 100,000 took 212 s, most of it
  /// there). So after its first `directUpperWrites` the tree adds them up here, and writes them
  /// before counts are next read, and when the write ends (`writeDeferredCounts()`).
  private var deferredCounts: [Int: [[UInt8]: Counts]] = [:]
  /// The first keys of the nodes of each level above 0 (index 0 unused), in key order, read once
  /// counts are deferred; nil until then, and again after a node above level 0 is made.
  private var upperNodeKeys: [[[UInt8]]]?
  /// How many writes have updated the upper nodes directly.
  private var upperWrites = 0
  /// The writes that update the upper nodes directly before their counts are deferred: a write
  /// of a few items never reads the upper nodes' keys.
  static let directUpperWrites = 32

  /// How the tree finds the counts before keys: where each statement costs a round trip
  /// (`EngineTraits.waitingCostsARoundTrip`), several keys at once in one statement; elsewhere
  /// level by level, one key at a time, each descent starting where the last one parts.
  private enum Counting {
    case levelByLevel, severalKeysAtOnce
  }

  /// `topLevel`: the tree's top level, where the caller read it already.
  init(
    connection: any DatabaseConnection, listID: Int, shape: Shape = .standard,
    topLevel: Int? = nil
  ) {
    self.connection = connection
    self.listID = listID
    self.shape = shape
    counting = connection.traits.waitingCostsARoundTrip ? .severalKeysAtOnce : .levelByLevel
    cachedTopLevel = topLevel
  }

  /// Whether the tree counts before several keys in one statement (`countsBefore(sortedKeys:)`),
  /// so that finding the keys a write needs at once saves round trips.
  var countsSeveralKeysAtOnce: Bool { counting == .severalKeysAtOnce }

  /// The highest level, whose nodes are read one by one.
  func topLevel() throws(CatalogError) -> Int {
    if let cachedTopLevel { return cachedTopLevel }
    let top = try connection.cached(
      "SELECT coalesce(max(level), 0) FROM row_blocks WHERE grouping_id = ?"
    ).bind(.integer(listID)).stepInteger()
    cachedTopLevel = top
    return top
  }

  /// The numbers of rows and sections in the whole list.
  func totals() throws(CatalogError) -> Counts {
    try sum(level: topLevel(), from: [], upTo: nil)
  }

  /// Writes the counts added up for the nodes above level 0 (see `deferredCounts`).
  func writeDeferredCounts() throws(CatalogError) {
    guard !deferredCounts.isEmpty else { return }
    let update = try connection.cached(named: "add to the counts of a node by its first key") {
      Self.addToNodeByFirstKey
    }
    for (level, nodes) in deferredCounts {
      for (firstKey, delta) in nodes where delta != .zero {
        try update.bind(
          .integer(listID), .integer(level), .blob(firstKey), .integer(delta.rows),
          .integer(delta.sections)
        ).runWithoutWaiting(changing: 1, otherwise: Self.missingNode(listID, level))
      }
    }
    deferredCounts = [:]
  }

  // MARK: - Positions

  /// One level of a descent: the node that holds a key, where the next node of that level
  /// begins (nil: at the end), and the counts of everything before the node.
  private struct Step {
    let firstKey: [UInt8]
    let upper: [UInt8]?
    let before: Counts

    func contains(_ key: [UInt8]) -> Bool {
      !key.lexicographicallyPrecedes(firstKey)
        && upper.map { key.lexicographicallyPrecedes($0) } ?? true
    }
  }

  /// The last descent, from the top level down: a key in the same nodes reuses it. Any write
  /// forgets it.
  private var lastPath: [Step] = []

  /// The numbers of rows and of sections whose keys are less than `key`.
  func countsBefore(_ key: [UInt8]) throws(CatalogError) -> Counts {
    try writeDeferredCounts()
    return switch counting {
    case .levelByLevel: try countsLevelByLevel(before: key)
    case .severalKeysAtOnce: try countsAtOnce(before: [key])[0]
    }
  }

  /// The counts before each of `keys`, which are sorted and distinct, in their order.
  func countsBefore(sortedKeys keys: [[UInt8]]) throws(CatalogError) -> [Counts] {
    try writeDeferredCounts()
    guard counting == .severalKeysAtOnce else {
      var counts: [Counts] = []
      for key in keys { counts.append(try countsLevelByLevel(before: key)) }
      return counts
    }
    var counts: [Counts] = []
    for start in stride(from: 0, to: keys.count, by: Self.keysAtOnce) {
      counts += try countsAtOnce(
        before: Array(keys[start..<min(start + Self.keysAtOnce, keys.count)]))
    }
    return counts
  }

  /// The most keys `countsAtOnce` takes in one statement.
  static let keysAtOnce = 16

  /// Each level sums the nodes of its parent before the one that holds the key, one statement
  /// per level; a key in the nodes of the previous descent (a row and its section, say) starts
  /// where they part.
  private func countsLevelByLevel(before key: [UInt8]) throws(CatalogError) -> Counts {
    var path: [Step] = []
    for step in lastPath {
      guard step.contains(key) else { break }
      path.append(step)
    }
    // At each level, the node that holds the key, the counts of the nodes before it under its
    // parent (summed in one pass over them), and where the next node begins, in one statement.
    let step = try connection.cached(named: "counts before a key at a level") {
      """
      SELECT n.first_key, coalesce(sum(s.row_count), 0), coalesce(sum(s.section_count), 0),
        (SELECT first_key FROM row_blocks
         WHERE grouping_id = ?1 AND level = ?2 AND first_key > n.first_key AND first_key < ?5
         ORDER BY first_key LIMIT 1)
      FROM (SELECT first_key FROM row_blocks WHERE grouping_id = ?1 AND level = ?2
            AND first_key <= ?4 ORDER BY first_key DESC LIMIT 1) n
      LEFT JOIN row_blocks s
        ON s.grouping_id = ?1 AND s.level = ?2 AND s.first_key >= ?3 AND s.first_key < n.first_key
      \(connection.traits.groupingBy("n.first_key"))
      """
    }
    let top = try topLevel()
    for level in stride(from: top - path.count, through: 0, by: -1) {
      let parent = path.last
      try step.bind(
        .integer(listID), .integer(level), .blob(parent?.firstKey ?? []), .blob(key),
        .blob(parent?.upper ?? ListKey.end))
      guard try step.step(), !step.isNull(at: 0) else {
        step.reset()
        throw .damagedList(listID: listID, reason: "no level-\(level) block holds a key")
      }
      let before =
        (parent?.before ?? .zero) + Counts(rows: step.int(at: 1), sections: step.int(at: 2))
      let upper = step.isNull(at: 3) ? parent?.upper : step.blob(at: 3)
      path.append(Step(firstKey: step.blob(at: 0), upper: upper, before: before))
      step.reset()
    }
    lastPath = path
    let block = path[path.count - 1]
    return block.before + (try elementCounts(from: block.firstKey, upTo: key))
  }

  /// The counts before each of `keys` (at most `keysAtOnce`), in their order, in one statement.
  private func countsAtOnce(before keys: [[UInt8]]) throws(CatalogError) -> [Counts] {
    let top = try topLevel()
    let statement = try connection.cached(
      named: "counts before \(keys.count) keys, \(top) levels up"
    ) {
      Self.countsSQL(keyCount: keys.count, topLevel: top, blobType: connection.traits.blobType)
    }
    try statement.bind([.integer(listID)] + keys.map { .blob($0) })
    defer { statement.reset() }
    var counts: [Counts] = []
    while try statement.step() {
      guard statement.int(at: 0) == 0 else {
        throw .damagedList(listID: listID, reason: "a level has no block that holds a key")
      }
      counts.append(Counts(rows: statement.int(at: 1), sections: statement.int(at: 2)))
    }
    guard counts.count == keys.count else {
      throw .damagedList(listID: listID, reason: "a key was not counted")
    }
    return counts
  }

  /// `countsAtOnce`'s statement, for keys in `?2`, `?3`, …: a row per key, in their order, with
  /// the number of levels that have no node holding it (0 but in a damaged tree), and the rows
  /// and sections before it. At each level the node that holds a key is the one with the
  /// greatest first key not after it; the counts before the key are those of the nodes before
  /// that node under its parent, at every level, and of the elements before the key in its block.
  private static func countsSQL(keyCount: Int, topLevel: Int, blobType: String) -> String {
    let keys = (0..<keyCount).map { "(\($0), CAST(?\($0 + 2) AS \(blobType)))" }
    let levels = Array(stride(from: topLevel, through: 0, by: -1))
    let nodes = levels.map { level in
      """
      (SELECT first_key FROM row_blocks WHERE grouping_id = ?1 AND level = \(level)
         AND first_key <= k.key ORDER BY first_key DESC LIMIT 1) AS node\(level)
      """
    }
    func before(_ column: String, counting table: String) -> String {
      let nodes = levels.map { level in
        let lower = level == topLevel ? "" : " AND first_key >= n.node\(level + 1)"
        return """
          (SELECT coalesce(sum(\(column)), 0) FROM row_blocks
             WHERE grouping_id = ?1 AND level = \(level)\(lower) AND first_key < n.node\(level))
          """
      }
      return
        (nodes + [
          "(SELECT count(*) FROM \(table) WHERE grouping_id = ?1 AND key >= n.node0 AND key < n.key)"
        ]).joined(separator: " + ")
    }
    return """
      WITH k (position, key) AS (VALUES \(keys.joined(separator: ", "))),
      n AS MATERIALIZED (SELECT k.position, k.key, \(nodes.joined(separator: ",\n")) FROM k)
      SELECT \(levels.map { "CASE WHEN n.node\($0) IS NULL THEN 1 ELSE 0 END" }.joined(separator: " + ")),
        \(before("row_count", counting: "rows")), \(before("section_count", counting: "sections"))
      FROM n ORDER BY n.position
      """
  }

  /// The key of the row (or section) at `position` in the list, from 0; nil past the end.
  func key(at position: Int, of kind: Kind) throws(CatalogError) -> [UInt8]? {
    guard position >= 0 else { return nil }
    try writeDeferredCounts()
    var remaining = position
    var lower: [UInt8] = []
    var upper: [UInt8]?
    for level in stride(from: try topLevel(), through: 0, by: -1) {
      let nodes = try connection.cached(
        """
        SELECT first_key, row_count, section_count FROM row_blocks
        WHERE grouping_id = ?1 AND level = ?2 AND first_key >= ?3 AND first_key < ?4
        ORDER BY first_key
        """)
      try nodes.bind(
        .integer(listID), .integer(level), .blob(lower), .blob(upper ?? ListKey.end))
      var chosen: [UInt8]?
      while try nodes.step() {
        if chosen != nil {
          upper = nodes.blob(at: 0)
          break
        }
        let count = nodes.int(at: kind == .row ? 1 : 2)
        if remaining < count { chosen = nodes.blob(at: 0) } else { remaining -= count }
      }
      nodes.reset()
      guard let chosen else { return nil }
      lower = chosen
    }
    let table = kind == .row ? "rows" : "sections"
    let element = try connection.cached(named: "\(table) key at a position in a block") {
      """
      SELECT key FROM \(table) WHERE grouping_id = ?1 AND key >= ?2 AND key < ?3
      ORDER BY key LIMIT 1 OFFSET ?4
      """
    }
    try element.bind(
      .integer(listID), .blob(lower), .blob(upper ?? ListKey.end), .integer(remaining))
    defer { element.reset() }
    return try element.step() ? element.blob(at: 0) : nil
  }

  // MARK: - Writing

  /// Takes the counts of an element that was deleted out of the nodes that hold its key, and
  /// removes the level-0 block if that emptied it (unless it is the list's first, or a node of
  /// the level above begins there). Nothing here waits for an answer: that each level had a
  /// node to count down is checked when the connection next reads one.
  func remove(_ counts: Counts, at key: [UInt8]) throws(CatalogError) {
    lastPath = []
    try addToUpperNodes(at: key, -counts)
    let update = try connection.cached(named: "add to a node's counts") { Self.addToNode }
    try bound(update, level: 0, key: key, delta: -counts)
      .runWithoutWaiting(changing: 1, otherwise: Self.missingNode(listID, 0))
    try connection.cached(
      """
      DELETE FROM row_blocks AS b
      WHERE b.grouping_id = ?1 AND b.level = 0 AND b.first_key = (
        SELECT first_key FROM row_blocks
        WHERE grouping_id = ?1 AND level = 0 AND first_key <= ?2
        ORDER BY first_key DESC LIMIT 1)
      AND b.row_count = 0 AND b.section_count = 0 AND length(b.first_key) > 0
      AND NOT EXISTS (
        SELECT 1 FROM row_blocks
        WHERE grouping_id = ?1 AND level = 1 AND first_key = b.first_key)
      """
    ).bind(.integer(listID), .blob(key)).runWithoutWaiting()
  }

  /// Adds to the counts of the node of a level (`?2`) that holds a key (`?3`): `?4` rows and
  /// `?5` sections.
  private static let addToNode = """
    UPDATE row_blocks SET row_count = row_count + ?4, section_count = section_count + ?5
    WHERE grouping_id = ?1 AND level = ?2 AND first_key = (
      SELECT first_key FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key <= ?3
      ORDER BY first_key DESC LIMIT 1)
    """

  /// Adds to the counts of the node of a level (`?2`) that begins at a key (`?3`): `?4` rows and
  /// `?5` sections.
  private static let addToNodeByFirstKey = """
    UPDATE row_blocks SET row_count = row_count + ?4, section_count = section_count + ?5
    WHERE grouping_id = ?1 AND level = ?2 AND first_key = ?3
    """

  private static func missingNode(_ listID: Int, _ level: Int) -> CatalogError {
    .damagedList(listID: listID, reason: "no level-\(level) node holds a key")
  }

  /// Adds `delta` to the counts of the nodes above level 0 that hold `key`: at once for the
  /// tree's first `directUpperWrites`, then deferred (`deferredCounts`).
  private func addToUpperNodes(at key: [UInt8], _ delta: Counts) throws(CatalogError) {
    let top = try topLevel()
    guard top > 0 else { return }
    guard upperWrites >= Self.directUpperWrites else {
      upperWrites += 1
      let update = try connection.cached(named: "add to a node's counts") { Self.addToNode }
      for level in 1...top {
        try bound(update, level: level, key: key, delta: delta)
          .runWithoutWaiting(changing: 1, otherwise: Self.missingNode(listID, level))
      }
      return
    }
    let nodes = try upperNodes()
    for level in 1...top {
      let firstKey = Self.firstKey(in: nodes[level], holding: key)
      deferredCounts[level, default: [:]][firstKey, default: .zero] += delta
    }
  }

  /// The first keys of the nodes above level 0, by level (`upperNodeKeys`).
  private func upperNodes() throws(CatalogError) -> [[[UInt8]]] {
    if let upperNodeKeys { return upperNodeKeys }
    var keys = Array(repeating: [[UInt8]](), count: try topLevel() + 1)
    let statement = try connection.cached(
      """
      SELECT level, first_key FROM row_blocks WHERE grouping_id = ?1 AND level > 0
      ORDER BY level, first_key
      """)
    try statement.bind(.integer(listID))
    while try statement.step() {
      let level = statement.int(at: 0)
      guard level < keys.count else {
        statement.reset()
        throw .damagedList(listID: listID, reason: "a node is above the top level")
      }
      keys[level].append(statement.blob(at: 1))
    }
    statement.reset()
    // Every level begins with the empty key, so that each key has a node.
    for level in keys.indices.dropFirst() where keys[level].first != [] {
      throw Self.missingNode(listID, level)
    }
    upperNodeKeys = keys
    return keys
  }

  /// Of `keys` (sorted, the first empty), the greatest not after `key`.
  private static func firstKey(in keys: [[UInt8]], holding key: [UInt8]) -> [UInt8] {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if key.lexicographicallyPrecedes(keys[middle]) { high = middle } else { low = middle + 1 }
    }
    return keys[max(low - 1, 0)]
  }

  /// `statement`, an `addToNode`, bound for the node of `level` that holds `key`.
  private func bound(
    _ statement: any DatabaseStatement, level: Int, key: [UInt8], delta: Counts
  ) throws(CatalogError) -> any DatabaseStatement {
    try statement.bind(
      .integer(listID), .integer(level), .blob(key), .integer(delta.rows),
      .integer(delta.sections))
  }

  /// Adds `delta` to the counts of the node that holds `key` at every level; returns the level-0
  /// block with its counts after. Only the level-0 block's answer is read, so the levels above
  /// go without waiting for theirs.
  private func addCounts(at key: [UInt8], by delta: Counts) throws(CatalogError)
    -> (firstKey: [UInt8], counts: Counts)
  {
    lastPath = []
    try addToUpperNodes(at: key, delta)
    let block = try bound(
      try connection.cached(named: "add to a block's counts") {
        Self.addToNode + "\nRETURNING first_key, row_count, section_count"
      }, level: 0, key: key, delta: delta)
    defer { block.reset() }
    guard try block.step() else {
      throw .damagedList(listID: listID, reason: "no level-0 block holds a key")
    }
    return (block.blob(at: 0), Counts(rows: block.int(at: 1), sections: block.int(at: 2)))
  }

  /// Splits the blocks that grew too large, more than once where they grew by many.
  private func splitGrown(_ blocks: [(firstKey: [UInt8], counts: Counts)]) throws(CatalogError) {
    var grown = blocks.filter { $0.counts.total > shape.maximumBlockSize }.map(\.firstKey)
    while let block = grown.popLast() {
      guard try nodeTotal(level: 0, firstKey: block) > shape.maximumBlockSize,
        let splitKey = try splitBlock(firstKey: block)
      else { continue }
      grown += [block, splitKey]
    }
  }

  /// Adds the counts of many new elements at once, given in key order (an append's rows and the
  /// sections they make): each node of each level is read once and written once, however many of
  /// the elements it holds, and then the blocks that grew too large are split.
  func add(sortedElements elements: [(key: [UInt8], counts: Counts)]) throws(CatalogError) {
    guard elements.count > 8 else {
      var blocks: [(firstKey: [UInt8], counts: Counts)] = []
      for element in elements { blocks.append(try addCounts(at: element.key, by: element.counts)) }
      return try splitGrown(blocks)
    }
    lastPath = []
    try writeDeferredCounts()
    let nodes = try connection.cached(
      """
      SELECT first_key, row_count, section_count FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key >= ?3 ORDER BY first_key
      """)
    let update = try connection.cached(named: "add to the counts of a node by its first key") {
      Self.addToNodeByFirstKey
    }
    var blocks: [(firstKey: [UInt8], counts: Counts)] = []
    for level in 0...(try topLevel()) {
      // Each element goes to the last node whose first key is not after it.
      var changed: [(firstKey: [UInt8], added: Counts, after: Counts)] = []
      var current: (firstKey: [UInt8], counts: Counts)?
      var added = Counts.zero
      var next = 0
      func close() {
        if let current, added != .zero {
          changed.append((current.firstKey, added, current.counts + added))
        }
        added = .zero
      }
      try nodes.bind(
        .integer(listID), .integer(level),
        .blob(try node(containing: elements[0].key, level: level).firstKey))
      while next < elements.count, try nodes.step() {
        let firstKey = nodes.blob(at: 0)
        if current != nil {
          while next < elements.count && elements[next].key.lexicographicallyPrecedes(firstKey) {
            added = added + elements[next].counts
            next += 1
          }
          close()
        }
        current = (firstKey, Counts(rows: nodes.int(at: 1), sections: nodes.int(at: 2)))
      }
      nodes.reset()
      while next < elements.count {
        added = added + elements[next].counts
        next += 1
      }
      close()
      for node in changed {
        try update.bind(
          .integer(listID), .integer(level), .blob(node.firstKey), .integer(node.added.rows),
          .integer(node.added.sections)
        ).runWithoutWaiting()
      }
      if level == 0 { blocks = changed.map { ($0.firstKey, $0.after) } }
    }
    try splitGrown(blocks)
  }

  /// The number of elements a node counts.
  private func nodeTotal(level: Int, firstKey: [UInt8]) throws(CatalogError) -> Int {
    try writeDeferredCounts()
    return try connection.cached(
      """
      SELECT row_count + section_count FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key = ?3
      """
    ).bind(.integer(listID), .integer(level), .blob(firstKey)).stepInteger()
  }

  /// Deletes every node of the list.
  func deleteAll() throws(CatalogError) {
    lastPath = []
    deferredCounts = [:]
    upperNodeKeys = nil
    try connection.cached("DELETE FROM row_blocks WHERE grouping_id = ?")
      .bind(.integer(listID)).run()
    cachedTopLevel = nil
  }

  /// Splits the level-0 block that begins at `firstKey` at its middle element; returns where the
  /// second half begins.
  @discardableResult
  private func splitBlock(firstKey: [UInt8]) throws(CatalogError) -> [UInt8]? {
    let upper = try nextFirstKey(after: firstKey, level: 0)
    let counts = try elementCounts(from: firstKey, upTo: upper)
    let middle = try connection.cached(
      """
      SELECT key FROM (
        SELECT key FROM rows WHERE grouping_id = ?1 AND key >= ?2 AND key < ?3
        UNION ALL
        SELECT key FROM sections WHERE grouping_id = ?1 AND key >= ?2 AND key < ?3) AS elements
      ORDER BY key LIMIT 1 OFFSET ?4
      """)
    try middle.bind(
      .integer(listID), .blob(firstKey), .blob(upper ?? ListKey.end),
      .integer(counts.total / 2))
    guard try middle.step() else {
      middle.reset()
      return nil
    }
    let splitKey = middle.blob(at: 0)
    middle.reset()
    try moveToNewNode(
      level: 0, from: firstKey, splitKey: splitKey,
      counts: try elementCounts(from: splitKey, upTo: upper))
    try childAdded(level: 1, firstKey: splitKey)
    return splitKey
  }

  /// A node of level `level - 1` beginning at `firstKey` was made: splits its parent when that
  /// has too many children, and adds a level above the top when the top has too many nodes.
  private func childAdded(level: Int, firstKey: [UInt8]) throws(CatalogError) {
    if level > (try topLevel()) {
      let nodes = try connection.cached(
        "SELECT count(*) FROM row_blocks WHERE grouping_id = ?1 AND level = ?2"
      ).bind(.integer(listID), .integer(level - 1)).stepInteger()
      guard nodes > shape.maximumChildren else { return }
      let totals = try sum(level: level - 1, from: [], upTo: nil)
      try insertNode(level: level, firstKey: [], counts: totals)
      cachedTopLevel = level
      // The new top node has one child too many: it splits below, like any other.
    }
    let parent = try node(containing: firstKey, level: level)
    let upper = try nextFirstKey(after: parent.firstKey, level: level)
    let children = try connection.cached(
      """
      SELECT first_key FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key >= ?3 AND first_key < ?4
      ORDER BY first_key
      """)
    try children.bind(
      .integer(listID), .integer(level - 1), .blob(parent.firstKey),
      .blob(upper ?? ListKey.end))
    var keys: [[UInt8]] = []
    while try children.step() { keys.append(children.blob(at: 0)) }
    children.reset()
    guard keys.count > shape.maximumChildren else { return }
    let splitKey = keys[keys.count / 2]
    try moveToNewNode(
      level: level, from: parent.firstKey, splitKey: splitKey,
      counts: try sum(level: level - 1, from: splitKey, upTo: upper))
    try childAdded(level: level + 1, firstKey: splitKey)
  }

  /// Makes a node at `splitKey` holding `counts`, taken from the node at `firstKey`.
  private func moveToNewNode(level: Int, from firstKey: [UInt8], splitKey: [UInt8], counts: Counts)
    throws(CatalogError)
  {
    try insertNode(level: level, firstKey: splitKey, counts: counts)
    try connection.cached(
      """
      UPDATE row_blocks SET row_count = row_count - ?4, section_count = section_count - ?5
      WHERE grouping_id = ?1 AND level = ?2 AND first_key = ?3
      """
    ).bind(
      .integer(listID), .integer(level), .blob(firstKey), .integer(counts.rows),
      .integer(counts.sections)
    ).run()
  }

  func insertNode(level: Int, firstKey: [UInt8], counts: Counts) throws(CatalogError) {
    lastPath = []
    if level > 0 { upperNodeKeys = nil }
    try connection.cached(
      """
      INSERT INTO row_blocks (grouping_id, level, first_key, row_count, section_count)
      VALUES (?, ?, ?, ?, ?)
      """
    ).bind(
      .integer(listID), .integer(level), .blob(firstKey), .integer(counts.rows),
      .integer(counts.sections)
    ).run()
  }

  // MARK: - Nodes

  /// The node of `level` whose keys include `key`: the one with the greatest first key not after
  /// it (there is always one, since every level begins with the empty key).
  private func node(containing key: [UInt8], level: Int) throws(CatalogError)
    -> (firstKey: [UInt8], counts: Counts)
  {
    try writeDeferredCounts()
    let statement = try connection.cached(
      """
      SELECT first_key, row_count, section_count FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key <= ?3
      ORDER BY first_key DESC LIMIT 1
      """)
    try statement.bind(.integer(listID), .integer(level), .blob(key))
    defer { statement.reset() }
    guard try statement.step() else {
      throw .damagedList(listID: listID, reason: "no level-\(level) block holds a key")
    }
    return (
      statement.blob(at: 0), Counts(rows: statement.int(at: 1), sections: statement.int(at: 2))
    )
  }

  private func nextFirstKey(after key: [UInt8], level: Int) throws(CatalogError) -> [UInt8]? {
    let statement = try connection.cached(
      """
      SELECT first_key FROM row_blocks WHERE grouping_id = ?1 AND level = ?2 AND first_key > ?3
      ORDER BY first_key LIMIT 1
      """)
    try statement.bind(.integer(listID), .integer(level), .blob(key))
    defer { statement.reset() }
    return try statement.step() ? statement.blob(at: 0) : nil
  }

  /// The counts of the nodes of `level` whose first keys are in `lower ..< upper` (nil: no end).
  private func sum(level: Int, from lower: [UInt8], upTo upper: [UInt8]?) throws(CatalogError)
    -> Counts
  {
    try writeDeferredCounts()
    let statement = try connection.cached(
      """
      SELECT coalesce(sum(row_count), 0), coalesce(sum(section_count), 0) FROM row_blocks
      WHERE grouping_id = ?1 AND level = ?2 AND first_key >= ?3 AND first_key < ?4
      """)
    try statement.bind(
      .integer(listID), .integer(level), .blob(lower), .blob(upper ?? ListKey.end))
    defer { statement.reset() }
    _ = try statement.step()
    return Counts(rows: statement.int(at: 0), sections: statement.int(at: 1))
  }

  /// The rows and sections with keys in `lower ..< upper` (nil: no end), counted one by one.
  private func elementCounts(from lower: [UInt8], upTo upper: [UInt8]?) throws(CatalogError)
    -> Counts
  {
    let statement = try connection.cached(
      """
      SELECT
        (SELECT count(*) FROM rows
         WHERE grouping_id = ?1 AND key >= ?2 AND key < ?3),
        (SELECT count(*) FROM sections
         WHERE grouping_id = ?1 AND key >= ?2 AND key < ?3)
      """)
    try statement.bind(.integer(listID), .blob(lower), .blob(upper ?? ListKey.end))
    defer { statement.reset() }
    _ = try statement.step()
    return Counts(rows: statement.int(at: 0), sections: statement.int(at: 1))
  }
}
