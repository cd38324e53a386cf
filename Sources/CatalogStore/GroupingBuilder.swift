import CatalogCollation

/// The sections of one grouping being built: their counts and spellings as items come, then the
/// rows in list order and the sections with their first rows.
final class GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  private let collation: Collation
  /// The columns of `GroupingBuild.keyTable` that hold this grouping's section and sort keys.
  private let sectionColumn: String
  private let sortKeyColumn: String
  private var letterCounts: [Int]
  private var valueTallies: [[UInt8]: SectionTally] = [:]

  init(
    groupingID: Int, grouping: Grouping, collation: Collation, sectionColumn: String,
    sortKeyColumn: String
  ) {
    self.groupingID = groupingID
    self.grouping = grouping
    self.collation = collation
    self.sectionColumn = sectionColumn
    self.sortKeyColumn = sortKeyColumn
    letterCounts = Array(repeating: 0, count: collation.labels.count)
  }

  /// Counts one item's section.
  func tally(_ section: SectionEntry) {
    switch section {
    case .letter(let position): letterCounts[position] += 1
    case .value(let key, let spelling): valueTallies[key, default: SectionTally()].add(spelling)
    }
  }

  /// Appends the rows in list order (a blank value's NULL section key sorts last) and writes the
  /// sections with their counts and first rows. Returns the number of sections.
  func finish(connection: Connection) throws(CatalogError) -> Int {
    let firstRowID = try connection.prepare("SELECT coalesce(max(id), 0) + 1 FROM rows")
      .stepInteger()
    try connection.prepare(
      """
      INSERT INTO rows (grouping_id, sort_key, item)
      SELECT ?, \(sortKeyColumn), item FROM \(GroupingBuild.keyTable)
      ORDER BY \(sectionColumn) IS NULL, \(sectionColumn), \(sortKeyColumn), item
      """
    ).bind(.integer(groupingID)).run()
    let sections = grouping == .letters ? letterSections() : valueSections()
    let insertSection = try connection.prepare(
      """
      INSERT INTO sections (grouping_id, section, section_key, heading, letter, item_count, first_row)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """)
    var firstRow = 0
    for (position, section) in sections.enumerated() {
      try insertSection.bind(
        .integer(groupingID), .integer(position), section.key, .text(section.heading),
        .text(section.letter), .integer(section.count), .integer(firstRow)
      ).run()
      firstRow += section.count
    }
    try connection.prepare("UPDATE groupings SET first_row_id = ?, row_count = ? WHERE id = ?")
      .bind(.integer(firstRowID), .integer(firstRow), .integer(groupingID)).run()
    return sections.count
  }
  private struct Section {
    let key: SQLValue
    let heading: String
    let letter: String
    let count: Int
  }

  /// One section per letter that has items, in label order (`#` is the last label).
  private func letterSections() -> [Section] {
    letterCounts.indices.filter { letterCounts[$0] > 0 }.map { position in
      let label = collation.labels[position]
      let isOther = position == collation.labels.count - 1
      return Section(
        key: isOther ? .null : .blob(collation.sectionKey(for: label)), heading: label,
        letter: label, count: letterCounts[position])
    }
  }

  /// One section per distinct folded value, in key order, with the blank section last.
  private func valueSections() -> [Section] {
    let keys = valueTallies.keys.sorted { a, b in
      a.isEmpty != b.isEmpty ? b.isEmpty : a.lexicographicallyPrecedes(b)
    }
    return keys.map { key in
      let tally = valueTallies[key]!
      let heading = key.isEmpty ? "" : tally.heading { collation.sortKey(for: $0) }
      return Section(
        key: key.isEmpty ? .null : .blob(key), heading: heading,
        letter: collation.letter(of: heading), count: tally.count)
    }
  }
}
