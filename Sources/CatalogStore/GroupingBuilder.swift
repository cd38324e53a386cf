import CatalogCollation

/// Builds the stored sections and rows of one grouping from its items' entries.
///
/// Entries go into a temporary table as they come; `finish()` then lets SQLite's sorter put them
/// in list order (one sort, spilling to disk rather than growing memory) and writes the rows and
/// the sections, whose counts and headings were tallied on the way.
final class GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  private let collation: Collation
  private let connection: Connection
  private let temporaryTable: String
  private let insertEntry: Statement
  private var letterCounts: [Int]
  private var valueTallies: [[UInt8]: SectionTally] = [:]

  /// Makes the grouping's empty temporary table; the grouping row must already exist and hold no
  /// sections or rows.
  init(groupingID: Int, grouping: Grouping, collation: Collation, connection: Connection)
    throws(CatalogError)
  {
    self.groupingID = groupingID
    self.grouping = grouping
    self.collation = collation
    self.connection = connection
    temporaryTable = "temp.grouping_entries_\(groupingID)"
    letterCounts = Array(repeating: 0, count: collation.labels.count)
    try connection.execute(
      """
      DROP TABLE IF EXISTS \(temporaryTable);
      CREATE TABLE \(temporaryTable) (section_key ANY, sort_key BLOB NOT NULL, item INTEGER NOT NULL)
      """)
    insertEntry = try connection.prepare(
      "INSERT INTO \(temporaryTable) (section_key, sort_key, item) VALUES (?, ?, ?)")
  }

  /// Adds one item's entry.
  func add(item: Int, entry: GroupingEntry) throws(CatalogError) {
    let sectionKey: SQLValue
    switch entry.section {
    case .letter(let position):
      letterCounts[position] += 1
      sectionKey = .integer(position)
    case .value(let key, let spelling):
      valueTallies[key, default: SectionTally()].add(spelling)
      sectionKey = key.isEmpty ? .null : .blob(key)
    }
    try insertEntry.bind(sectionKey, .blob(entry.sortKey), .integer(item)).run()
  }

  /// Writes the rows in list order and the sections with their counts and first rows, then drops
  /// the temporary table. Returns the number of sections.
  func finish() throws(CatalogError) -> Int {
    try connection.prepare(
      """
      INSERT INTO rows (grouping_id, row, sort_key, item)
      SELECT ?, row_number() OVER (ORDER BY section_key IS NULL, section_key, sort_key, item) - 1,
             sort_key, item
      FROM \(temporaryTable)
      """
    ).bind(.integer(groupingID)).run()
    try connection.execute("DROP TABLE \(temporaryTable)")
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
