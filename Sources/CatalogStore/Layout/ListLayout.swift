import CatalogCollation

/// One list's stored rows, sections, section tallies and block counts, written one item at a
/// time: what a single write, an append or an upsert does to each list of its collection.
///
/// A section appears with its first item and goes with its last; its count, its heading (the most
/// frequent spelling of the grouping column) and its index titles (the most frequent value of each
/// index column) follow every item in and out. Used inside the caller's write transaction.
final class ListLayout {
  /// What a write did to the section of the item it filed or took out.
  enum SectionEffect {
    /// The section is new, with this heading and these index titles and `count` items: they
    /// were its first.
    case created(label: [String], count: Int)
    /// The section, which had this heading and these index titles, is gone with its last `count`
    /// items.
    case deleted(label: [String], count: Int)
    /// The section's count changed by `count`, and its heading and index titles were `before`
    /// and are `after` (both empty where the write could not change them).
    case changed(count: Int, label: Relabeling)
  }

  /// A section's heading and index titles before and after a write.
  struct Relabeling: Equatable {
    var before: [String]
    var after: [String]

    /// The label of a write that changed no tally.
    static let unchanged = Relabeling(before: [], after: [])
  }

  let listID: Int
  let grouping: Grouping
  let collation: Collation
  /// The columns whose values each section tallies: the grouping column first (its spellings
  /// make the heading), then the index columns that differ from it.
  private let talliedColumns: [String]
  private let indexColumns: [String]
  let tree: BlockTree
  private let connection: any DatabaseConnection
  /// The sections this write has counted, with their count and heading as they are now, and
  /// whether the count is still to be written: a section's count is written once when the write
  /// ends (`writeDeferredCounts()`), not once an item, for the reason `BlockTree` defers its
  /// upper nodes' counts.
  private var sectionCounts: [[UInt8]: (count: Int, heading: String, isWritten: Bool)] = [:]

  /// `topLevel`: the top level of the list's block counts as the write began.
  init(
    connection: any DatabaseConnection, listID: Int, grouping: Grouping, collation: Collation,
    indexColumns: [String], topLevel: Int
  ) {
    self.connection = connection
    self.listID = listID
    self.grouping = grouping
    self.collation = collation
    self.indexColumns = indexColumns
    talliedColumns =
      (grouping.column.map { [$0] } ?? []) + indexColumns.filter { $0 != grouping.column }
    tree = BlockTree(connection: connection, listID: listID, topLevel: topLevel)
  }

  // MARK: - Writes

  /// Writes the counts this write has added up in memory (the sections', the block tree's):
  /// before the list is read, and when the write ends.
  func writeDeferredCounts() throws(CatalogError) {
    let statement = try connection.cached(
      "UPDATE sections SET item_count = ?3 WHERE grouping_id = ?1 AND key = ?2")
    for (section, known) in sectionCounts where !known.isWritten {
      try statement.bind(.integer(listID), .blob(section), .integer(known.count))
        .runWithoutWaiting(
          changing: 1, otherwise: .damagedList(listID: listID, reason: "a section went missing"))
      sectionCounts[section]?.isWritten = true
    }
    try tree.writeDeferredCounts()
  }

  /// Files a new row.
  func insert(_ entry: ListEntry) throws(CatalogError) -> SectionEffect {
    try insert(sorted: [entry])[0].effect
  }

  /// Files new rows, given in key order, all at once: the rows are inserted 64 per statement,
  /// each section's count and tallies change once, and the block counts are added up per block
  /// (`BlockTree.add(sortedElements:)`). Returns what happened to each section, in key order.
  func insert(sorted entries: [ListEntry]) throws(CatalogError)
    -> [(section: [UInt8], effect: SectionEffect)]
  {
    let insertRows = try connection.makeBulkInsert(
      into: "rows", columns: ["grouping_id", "key", "item"])
    try insertRows.insert(count: entries.count) { statement, row, position in
      statement.bind(listID, at: position)
      statement.bind(entries[row].rowKey, at: position + 1)
      statement.bind(entries[row].item, at: position + 2)
    }
    var effects: [(section: [UInt8], effect: SectionEffect)] = []
    var elements: [(key: [UInt8], counts: BlockTree.Counts)] = []
    var start = 0
    while start < entries.count {
      let section = entries[start].sectionKey
      var end = start + 1
      while end < entries.count && entries[end].rowKey.starts(with: section) { end += 1 }
      let group = entries[start..<end]
      if let (count, heading) = try addToCount(of: section, group.count) {
        assert(count > group.count)
        let titlesBefore = try indexTitles(of: section)
        try tally(group, in: section)
        let label =
          addsOnlyTopValues(group, heading: heading, titles: titlesBefore)
          ? .unchanged
          : try relabel(
            section, heading: try refreshHeading(of: section), titlesBefore: titlesBefore)
        effects.append((section, .changed(count: group.count, label: label)))
      } else {
        let heading = self.heading(of: group[start])
        try connection.cached(
          """
          INSERT INTO sections (grouping_id, key, heading, letter, item_count)
          VALUES (?, ?, ?, ?, ?)
          """
        ).bind(
          .integer(listID), .blob(section), .text(heading),
          .text(letter(of: heading, in: section)), .integer(group.count)
        ).runWithoutWaiting()
        sectionCounts[section] = (group.count, heading, true)
        try tally(group, in: section)
        _ = try refreshHeading(of: section)
        let label = [try currentHeading(of: section)] + (try indexTitles(of: section))
        effects.append((section, .created(label: label, count: group.count)))
        elements.append((section, .oneSection))
      }
      elements += group.map { ($0.rowKey, .oneRow) }
      start = end
    }
    try tree.add(sortedElements: elements)
    return effects
  }

  /// Takes a row out.
  func delete(_ entry: ListEntry) throws(CatalogError) -> SectionEffect {
    try connection.cached("DELETE FROM rows WHERE grouping_id = ? AND key = ?")
      .bind(.integer(listID), .blob(entry.rowKey))
      .runWithoutWaiting(
        changing: 1,
        otherwise: .damagedList(listID: listID, reason: "item \(entry.item) has no row"))
    try tree.remove(.oneRow, at: entry.rowKey)
    let section = entry.sectionKey
    let titlesBefore = try indexTitles(of: section)
    try tally(entry, in: section, by: -1)
    guard let counted = try countDown(section) else {
      throw .damagedList(listID: listID, reason: "item \(entry.item) has no section")
    }
    guard counted.count == 0 else {
      let heading = try setHeading(of: section, from: counted.heading, to: counted.topSpelling)
      return .changed(
        count: -1, label: try relabel(section, heading: heading, titlesBefore: titlesBefore))
    }
    // Its last item's values were tallied out above, which took its last tallies with them.
    try connection.cached("DELETE FROM sections WHERE grouping_id = ? AND key = ?")
      .bind(.integer(listID), .blob(section))
      .runWithoutWaiting()
    sectionCounts[section] = nil
    try tree.remove(.oneSection, at: section)
    return .deleted(label: [counted.heading] + titlesBefore, count: 1)
  }

  /// Counts other values for a row that keeps its key (a new spelling of the same section, or
  /// other index values): the heading or an index title may change.
  func retally(from old: ListEntry, to new: ListEntry) throws(CatalogError) -> SectionEffect {
    guard old.spelling != new.spelling || old.indexValues != new.indexValues else {
      return .changed(count: 0, label: .unchanged)
    }
    let section = new.sectionKey
    let titlesBefore = try indexTitles(of: section)
    try tally(old, in: section, by: -1)
    try tally(new, in: section, by: 1)
    return .changed(
      count: 0,
      label: try relabel(
        section, heading: try refreshHeading(of: section), titlesBefore: titlesBefore))
  }

  /// The section's label before and after a tally changed, from its heading before and after
  /// and its index titles before; reads the index titles after.
  private func relabel(
    _ section: [UInt8], heading: (before: String?, after: String?), titlesBefore: [String]
  ) throws(CatalogError) -> Relabeling {
    let titlesAfter = try indexTitles(of: section)
    return Relabeling(
      before: (heading.before.map { [$0] } ?? []) + titlesBefore,
      after: (heading.after.map { [$0] } ?? []) + titlesAfter)
  }

  // MARK: - Sections

  /// Adds `delta` to a section's item count; its new count and its heading, or nil when there is
  /// no such section. The first time in a write it is written at once; after that, in memory
  /// (`sectionCounts`).
  private func addToCount(of section: [UInt8], _ delta: Int) throws(CatalogError)
    -> (count: Int, heading: String)?
  {
    if let known = sectionCounts[section] {
      sectionCounts[section] = (known.count + delta, known.heading, false)
      return (known.count + delta, known.heading)
    }
    let statement = try connection.cached(
      """
      UPDATE sections SET item_count = item_count + ?3 WHERE grouping_id = ?1 AND key = ?2
      RETURNING item_count, heading
      """)
    try statement.bind(.integer(listID), .blob(section), .integer(delta))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    sectionCounts[section] = (statement.int(at: 0), statement.text(at: 1), true)
    return (statement.int(at: 0), statement.text(at: 1))
  }

  /// Counts a section's item out, after its entry's values were tallied out: its count after,
  /// its heading, and the most frequent spelling of the grouping column left in it (nil for
  /// letter grouping, or when none is), in one statement; nil when there is no such section.
  private func countDown(_ section: [UInt8]) throws(CatalogError)
    -> (count: Int, heading: String, topSpelling: String?)?
  {
    guard let column = grouping.column else {
      return try addToCount(of: section, -1).map { ($0.count, $0.heading, nil) }
    }
    if sectionCounts[section] != nil {
      guard let after = try addToCount(of: section, -1) else { return nil }
      return (after.count, after.heading, try topValue(of: column, in: section))
    }
    let statement = try connection.cached(
      """
      UPDATE sections SET item_count = item_count - 1 WHERE grouping_id = ?1 AND key = ?2
      RETURNING item_count, heading, (
        SELECT v.value FROM section_values v
        WHERE v.grouping_id = ?1 AND v.column_name = ?3 AND v.section = ?2
        ORDER BY v.count DESC, v.sort_key, v.value LIMIT 1)
      """)
    try statement.bind(.integer(listID), .blob(section), .text(column))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    sectionCounts[section] = (statement.int(at: 0), statement.text(at: 1), true)
    return (statement.int(at: 0), statement.text(at: 1), statement.optionalText(at: 2))
  }

  /// Whether every tallied value of `group` is already its column's top value in the section
  /// (the heading's spelling, the index titles): more of the top value keeps it on top, so the
  /// section's label cannot change and need not be looked up again. Values compare byte by byte,
  /// as the tallies do.
  private func addsOnlyTopValues(
    _ group: ArraySlice<ListEntry>, heading: String, titles: [String]
  ) -> Bool {
    let tops =
      (grouping.column == nil ? [] : [heading])
      + indexColumns.indices.filter { indexColumns[$0] != grouping.column }.map { titles[$0] }
    return group.allSatisfy { entry in
      let values = talliedValues(of: entry)
      return values.count == tops.count
        && zip(values, tops).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }
  }

  /// The heading a new section takes from its first item.
  private func heading(of entry: ListEntry) -> String {
    guard let spelling = entry.spelling else {
      return collation.labels[ListKey.letterPosition(ofSection: entry.sectionKey)]
    }
    return spelling
  }

  private func letter(of heading: String, in section: [UInt8]) -> String {
    grouping == .letters ? heading : collation.letter(of: heading)
  }

  /// A stored section's heading.
  private func currentHeading(of section: [UInt8]) throws(CatalogError) -> String {
    let statement = try connection.cached(
      "SELECT heading FROM sections WHERE grouping_id = ? AND key = ?")
    try statement.bind(.integer(listID), .blob(section))
    defer { statement.reset() }
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Sets a column section's heading to its most frequent spelling; the heading before and after
  /// (nil for letter grouping, whose headings never change).
  private func refreshHeading(of section: [UInt8]) throws(CatalogError)
    -> (before: String?, after: String?)
  {
    guard let column = grouping.column else { return (nil, nil) }
    let statement = try connection.cached(
      """
      SELECT s.heading, (
        SELECT v.value FROM section_values v
        WHERE v.grouping_id = s.grouping_id AND v.column_name = ?3 AND v.section = s.key
        ORDER BY v.count DESC, v.sort_key, v.value LIMIT 1)
      FROM sections s WHERE s.grouping_id = ?1 AND s.key = ?2
      """)
    try statement.bind(.integer(listID), .blob(section), .text(column))
    guard try statement.step() else {
      statement.reset()
      return (nil, nil)
    }
    let current = statement.text(at: 0)
    let top = statement.text(at: 1)
    statement.reset()
    return try setHeading(of: section, from: current, to: top)
  }

  /// Sets a column section's heading from `current` to `top`, its most frequent spelling, where
  /// they differ; the heading before and after (nil for letter grouping, or without a spelling).
  private func setHeading(of section: [UInt8], from current: String, to top: String?)
    throws(CatalogError) -> (before: String?, after: String?)
  {
    guard grouping.column != nil, let top else { return (nil, nil) }
    guard !top.utf8.elementsEqual(current.utf8) else { return (current, current) }
    try connection.cached(
      "UPDATE sections SET heading = ?3, letter = ?4 WHERE grouping_id = ?1 AND key = ?2"
    )
    .bind(.integer(listID), .blob(section), .text(top), .text(letter(of: top, in: section)))
    .runWithoutWaiting()
    sectionCounts[section]?.heading = top
    return (current, top)
  }

  /// The section's index title from each index column.
  private func indexTitles(of section: [UInt8]) throws(CatalogError) -> [String] {
    var titles: [String] = []
    for column in indexColumns {
      titles.append(try topValue(of: column, in: section) ?? "")
    }
    return titles
  }

  private func topValue(of column: String, in section: [UInt8]) throws(CatalogError) -> String? {
    let statement = try connection.cached(
      """
      SELECT value FROM section_values WHERE grouping_id = ?1 AND column_name = ?2 AND section = ?3
      ORDER BY count DESC, sort_key, value LIMIT 1
      """)
    try statement.bind(.integer(listID), .text(column), .blob(section))
    defer { statement.reset() }
    return try statement.step() ? statement.text(at: 0) : nil
  }

  // MARK: - Tallies

  /// Counts the tallied values of a section's new entries, once per distinct value.
  private func tally(_ group: ArraySlice<ListEntry>, in section: [UInt8]) throws(CatalogError) {
    var counts: [String: [String: Int]] = [:]
    for entry in group {
      for (column, value) in zip(talliedColumns, talliedValues(of: entry)) {
        counts[column, default: [:]][value, default: 0] += 1
      }
    }
    for column in talliedColumns {
      for (value, count) in counts[column] ?? [:] {
        try tallyValue(value, of: column, in: section, by: count)
      }
    }
  }

  /// Counts the entry's tallied values in its section `delta` more times (+1 or -1).
  private func tally(_ entry: ListEntry, in section: [UInt8], by delta: Int) throws(CatalogError) {
    for (column, value) in zip(talliedColumns, talliedValues(of: entry)) {
      try tallyValue(value, of: column, in: section, by: delta)
    }
  }

  /// The entry's values of `talliedColumns`, in their order.
  private func talliedValues(of entry: ListEntry) -> [String] {
    let indexValues = zip(indexColumns, entry.indexValues).filter { $0.0 != grouping.column }
    return (entry.spelling.map { [$0] } ?? []) + indexValues.map(\.1)
  }

  private func tallyValue(_ value: String, of column: String, in section: [UInt8], by delta: Int)
    throws(CatalogError)
  {
    guard delta < 0 else { return try countMore(value, of: column, in: section, by: delta) }
    // Counted down, and gone when no item has it, without waiting for the count.
    try connection.cached(
      """
      UPDATE section_values SET count = count + ?5
      WHERE grouping_id = ?1 AND column_name = ?2 AND section = ?3 AND value = ?4
      """
    ).bind(.integer(listID), .text(column), .blob(section), .text(value), .integer(delta))
      .runWithoutWaiting(
        changing: 1,
        otherwise: .damagedList(
          listID: listID, reason: "a value of '\(column)' is not tallied"))
    try connection.cached(
      """
      DELETE FROM section_values
      WHERE grouping_id = ? AND column_name = ? AND section = ? AND value = ? AND count = 0
      """
    ).bind(.integer(listID), .text(column), .blob(section), .text(value))
      .runWithoutWaiting()
  }

  /// Counts a value `delta` (> 0) more times, tallying it when it is new, without waiting.
  private func countMore(_ value: String, of column: String, in section: [UInt8], by delta: Int)
    throws(CatalogError)
  {
    try connection.cached(
      """
      INSERT INTO section_values (grouping_id, column_name, section, value, sort_key, count)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      ON CONFLICT (grouping_id, column_name, section, value)
      DO UPDATE SET count = section_values.count + excluded.count
      """
    ).bind(
      .integer(listID), .text(column), .blob(section), .text(value),
      .blob(collation.sortKey(for: value)), .integer(delta)
    ).runWithoutWaiting()
  }
}
