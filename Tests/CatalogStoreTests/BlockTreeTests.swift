import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore

/// The counted blocks of a list, in a tiny shape so that a few hundred elements make a tree of
/// several levels, checked against a sorted array of the same keys after every write, on each
/// engine.
struct BlockTreeTests {
  let listID = 1
  static let tiny = BlockTree.Shape(
    maximumBlockSize: 4, maximumChildren: 3, bulkBlockSize: 3, bulkChildren: 2)

  /// A catalog holding one empty list, and a tree of the tiny shape over it.
  func emptyTree(on engine: TestEngine) throws -> (TestCatalog, BlockTree) {
    let test = try TestCatalog(engine: engine)
    try test.catalog.connection.execute(
      """
      INSERT INTO collections (id, name, columns, title_column, sort_as, locale, item_count,
        imported_at) VALUES (1, 'c', '["name"]', 'name', '[]', 'en', 0, '');
      INSERT INTO groupings (id, collection_id, group_by, locale, icu_version, collator_version)
        VALUES (1, 1, '', 'en', '', '');
      """)
    return (
      test,
      BlockTree(connection: test.catalog.connection, listID: listID, shape: Self.tiny)
    )
  }

  /// The model: every element's key, sorted, and which are sections.
  struct Model {
    var keys: [[UInt8]] = []
    var sections: Set<[UInt8]> = []

    func rowsBefore(_ key: [UInt8]) -> Int {
      keys.filter { !sections.contains($0) && $0.lexicographicallyPrecedes(key) }.count
    }

    func sectionsBefore(_ key: [UInt8]) -> Int {
      keys.filter { sections.contains($0) && $0.lexicographicallyPrecedes(key) }.count
    }

    var rows: [[UInt8]] { keys.filter { !sections.contains($0) } }
    var sectionKeys: [[UInt8]] { keys.filter { sections.contains($0) } }

    mutating func insert(_ key: [UInt8], isSection: Bool) {
      keys.append(key)
      keys.sort { $0.lexicographicallyPrecedes($1) }
      if isSection { sections.insert(key) }
    }

    mutating func remove(_ key: [UInt8]) {
      keys.removeAll { $0 == key }
      sections.remove(key)
    }
  }

  func sectionKey(_ section: Int) -> [UInt8] { ListKey.section(letterPosition: section) }

  func rowKey(section: Int, sortKey: [UInt8], item: Int) -> [UInt8] {
    var key = sectionKey(section)
    ListKey.appendRow(sortKey: sortKey, item: item, to: &key)
    return key
  }

  func insertElement(_ key: [UInt8], isSection: Bool, tree: BlockTree) throws {
    let table = isSection ? "sections" : "rows"
    let columns = isSection ? "key, heading, letter, item_count" : "key, item"
    let values = isSection ? "?, '', '', 1" : "?, 0"
    try tree.connection.prepare(
      "INSERT INTO \(table) (grouping_id, \(columns)) VALUES (\(listID), \(values))"
    ).bind(.blob(key)).run()
    try tree.add(sortedElements: [(key, isSection ? .oneSection : .oneRow)])
  }

  func deleteElement(_ key: [UInt8], isSection: Bool, tree: BlockTree) throws {
    try tree.connection.prepare(
      "DELETE FROM \(isSection ? "sections" : "rows") WHERE grouping_id = ? AND key = ?"
    ).bind(.integer(listID), .blob(key)).run()
    try tree.remove(isSection ? .oneSection : .oneRow, at: key)
  }

  /// Every position and count the tree gives equals the model's, and every node counts exactly
  /// the elements (level 0) or the nodes' counts (levels above) in its range.
  func check(_ tree: BlockTree, against model: Model, probes: [[UInt8]]) throws {
    let totals = try tree.totals()
    #expect(totals.rows == model.rows.count)
    #expect(totals.sections == model.sectionKeys.count)
    for (offset, key) in model.rows.enumerated() {
      #expect(try tree.key(at: offset, of: .row) == key)
    }
    #expect(try tree.key(at: model.rows.count, of: .row) == nil)
    for (index, key) in model.sectionKeys.enumerated() {
      #expect(try tree.key(at: index, of: .section) == key)
    }
    for key in model.keys + probes {
      let counts = try tree.countsBefore(key)
      #expect(counts.rows == model.rowsBefore(key))
      #expect(counts.sections == model.sectionsBefore(key))
    }
    // The same, asked for all at once (a change set's positions).
    let keys = Set(model.keys + probes).sorted { $0.lexicographicallyPrecedes($1) }
    let all = try tree.countsBefore(sortedKeys: keys)
    #expect(all.count == keys.count)
    for (key, counts) in zip(keys, all) {
      #expect(counts.rows == model.rowsBefore(key) && counts.sections == model.sectionsBefore(key))
    }
    let statement = try tree.connection.prepare(
      """
      SELECT level, first_key, row_count, section_count FROM row_blocks
      WHERE grouping_id = \(listID) ORDER BY level, first_key
      """)
    var nodes: [(level: Int, firstKey: [UInt8], rows: Int, sections: Int)] = []
    while try statement.step() {
      nodes.append(
        (statement.int(at: 0), statement.blob(at: 1), statement.int(at: 2), statement.int(at: 3)))
    }
    let levels = Dictionary(grouping: nodes) { $0.level }
    for (level, rows) in levels {
      #expect(rows.first?.firstKey == [], "level \(level) begins with the empty key")
      let firsts = rows.map(\.firstKey)
      for (position, node) in rows.enumerated() {
        let lower = firsts[position]
        let upper = position + 1 < firsts.count ? firsts[position + 1] : ListKey.end
        func inRange(_ key: [UInt8]) -> Bool {
          !key.lexicographicallyPrecedes(lower) && key.lexicographicallyPrecedes(upper)
        }
        let expected: (Int, Int)
        if level == 0 {
          expected = (
            model.rows.filter(inRange).count, model.sectionKeys.filter(inRange).count
          )
        } else {
          let children = levels[level - 1]!.filter { inRange($0.firstKey) }
          #expect(children.count <= tree.shape.maximumChildren)
          #expect(children.first?.firstKey == lower, "a node starts a child")
          expected = (
            children.reduce(0) { $0 + $1.rows }, children.reduce(0) { $0 + $1.sections }
          )
        }
        #expect(node.rows == expected.0 && node.sections == expected.1, "\(level) \(node)")
        if level == 0, node.rows + node.sections == 0, !node.firstKey.isEmpty {
          #expect(
            levels[1]?.contains { $0.firstKey == node.firstKey } == true,
            "a block that was emptied is gone unless a node of level 1 begins there")
        }
      }
    }
  }

  @Test(arguments: TestEngine.all, [1, 2, 3] as [UInt64])
  func insertsAndDeletesKeepEveryPosition(engine: TestEngine, seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let (test, tree) = try emptyTree(on: engine)
    defer { withExtendedLifetime(test) {} }
    try tree.insertNode(level: 0, firstKey: [], counts: .zero)
    var model = Model()
    var nextItem = 0
    for step in 0..<400 {
      let deleting =
        !model.rows.isEmpty && (step > 250 ? 0.7 : 0.3) > Double.random(in: 0..<1, using: &random)
      if deleting {
        let key = model.rows.randomElement(using: &random)!
        try deleteElement(key, isSection: false, tree: tree)
        model.remove(key)
        let section = ListKey.section(ofRow: key)
        if !model.rows.contains(where: { ListKey.section(ofRow: $0) == section }) {
          try deleteElement(section, isSection: true, tree: tree)
          model.remove(section)
        }
      } else {
        let section = Int.random(in: 0..<12, using: &random)
        let sortKey = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          UInt8.random(in: 1...255, using: &random)
        }
        if !model.sections.contains(sectionKey(section)) {
          try insertElement(sectionKey(section), isSection: true, tree: tree)
          model.insert(sectionKey(section), isSection: true)
        }
        let key = rowKey(section: section, sortKey: sortKey, item: nextItem)
        nextItem += 1
        try insertElement(key, isSection: false, tree: tree)
        model.insert(key, isSection: false)
      }
      if step % 20 == 19 {
        try check(tree, against: model, probes: [[], [1], ListKey.end, sectionKey(5) + [0x80]])
      }
    }
    #expect(try tree.topLevel() >= 2, "the test grew a tree of several levels")
  }

  @Test(arguments: TestEngine.all, [0, 1, 2, 5, 40, 300])
  func aBulkBuildCountsWhatItWrote(engine: TestEngine, elements: Int) throws {
    let (test, tree) = try emptyTree(on: engine)
    defer { withExtendedLifetime(test) {} }
    var builder = BlockTreeBuilder(shape: tree.shape)
    var nodes: [BlockTreeBuilder.Node] = []
    var model = Model()
    for position in 0..<elements {
      let section = position / 7
      if position % 7 == 0 {
        let key = sectionKey(section)
        try tree.connection.prepare(
          "INSERT INTO sections (grouping_id, key, heading, letter, item_count) VALUES (1, ?, '', '', 1)"
        ).bind(.blob(key)).run()
        nodes += key.withUnsafeBytes { builder.add(key: $0, isSection: true) }.map { [$0] } ?? []
        model.insert(key, isSection: true)
      }
      let key = rowKey(section: section, sortKey: [UInt8(position % 7 + 1)], item: position)
      try tree.connection.prepare(
        "INSERT INTO rows (grouping_id, key, item) VALUES (1, ?, 0)"
      )
      .bind(.blob(key)).run()
      nodes += key.withUnsafeBytes { builder.add(key: $0, isSection: false) }.map { [$0] } ?? []
      model.insert(key, isSection: false)
    }
    for node in nodes + builder.finish() {
      try tree.insertNode(level: node.level, firstKey: node.firstKey, counts: node.counts)
    }
    try check(tree, against: model, probes: [[], ListKey.end])
    // Writes after a bulk build keep it exact.
    for position in 0..<min(elements, 30) {
      let key = rowKey(section: position / 7, sortKey: [0x40], item: 10_000 + position)
      try insertElement(key, isSection: false, tree: tree)
      model.insert(key, isSection: false)
    }
    try check(tree, against: model, probes: [[]])
  }

  @Test(arguments: TestEngine.all, [4, 5] as [UInt64])
  func elementsAddedInBatchesKeepEveryPosition(engine: TestEngine, seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let (test, tree) = try emptyTree(on: engine)
    defer { withExtendedLifetime(test) {} }
    try tree.insertNode(level: 0, firstKey: [], counts: .zero)
    var model = Model()
    var nextItem = 0
    for round in 0..<12 {
      // A batch as an append makes one: rows in key order, each new section just before its rows.
      var batch: [(key: [UInt8], isSection: Bool)] = []
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        let section = Int.random(in: 0..<(round < 6 ? 4 : 15), using: &random)
        let sortKey = (0..<2).map { _ in UInt8.random(in: 1...255, using: &random) }
        batch.append((rowKey(section: section, sortKey: sortKey, item: nextItem), false))
        nextItem += 1
        let sectionKey = sectionKey(section)
        if !model.sections.contains(sectionKey) && !batch.contains(where: { $0.key == sectionKey })
        {
          batch.append((sectionKey, true))
        }
      }
      batch.sort { $0.key.lexicographicallyPrecedes($1.key) }
      for element in batch {
        let table = element.isSection ? "sections" : "rows"
        let columns = element.isSection ? "key, heading, letter, item_count" : "key, item"
        let values = element.isSection ? "?, '', '', 1" : "?, 0"
        try tree.connection.prepare(
          "INSERT INTO \(table) (grouping_id, \(columns)) VALUES (\(listID), \(values))"
        ).bind(.blob(element.key)).run()
        model.insert(element.key, isSection: element.isSection)
      }
      try tree.add(
        sortedElements: batch.map { ($0.key, $0.isSection ? .oneSection : .oneRow) })
      try check(tree, against: model, probes: [[], ListKey.end, sectionKey(2) + [0x80]])
    }
    #expect(try tree.topLevel() >= 2, "the batches grew a tree of several levels")
  }
}
