import CatalogCollation

/// Keys derived from a built grouping and kept beside it: index titles from another column, and
/// the word starts that `search` looks up. Each is built once, the first time it is asked for.
extension Catalog {
  /// Stores each section's index title taken from `indexBy`: the section's most frequent
  /// (trimmed) value there, ties broken by collation order. Does nothing when they are stored.
  package func buildSectionTitles(
    groupingID: Int, of collection: CollectionInfo, indexBy: String, collation: Collation,
    willBuild: () -> Void
  ) throws(CatalogError) {
    guard let column = collection.columns.firstIndex(of: indexBy) else { return }
    try buildOnce(willBuild: willBuild) { () throws(CatalogError) -> Void? in
      let isBuilt = try connection.prepare(
        """
        SELECT NOT EXISTS (SELECT 1 FROM sections WHERE grouping_id = ?1)
          OR EXISTS (SELECT 1 FROM section_titles WHERE grouping_id = ?1 AND index_by = ?2)
        """
      ).bind(.integer(groupingID), .text(indexBy)).stepInteger()
      return isBuilt == 1 ? () : nil
    } build: { () throws(CatalogError) in
      let insert = try connection.prepare(
        "INSERT INTO section_titles (grouping_id, index_by, section, title) VALUES (?, ?, ?, ?)")
      func store(_ section: Int, _ tally: SectionTally) throws(CatalogError) {
        let title = tally.heading { collation.sortKey(for: $0) }
        try insert.bind(.integer(groupingID), .text(indexBy), .integer(section), .text(title)).run()
      }
      var current: (section: Int, tally: SectionTally)?
      try forEachRow(groupingID: groupingID, of: collection) { row throws(CatalogError) in
        if let open = current, open.section != row.section { try store(open.section, open.tally) }
        if current?.section != row.section { current = (row.section, SectionTally()) }
        current?.tally.add(row.fields[column].trimmingWhiteSpace)
      }
      if let open = current { try store(open.section, open.tally) }
    }
  }

  /// Stores the search keys of a grouping: the primary-strength key of the title and of the
  /// sort-as value from each word start on, with the row. Does nothing when they are stored.
  package func buildSearchKeys(
    groupingID: Int, of collection: CollectionInfo, collation: Collation, willBuild: () -> Void
  ) throws(CatalogError) {
    try buildOnce(willBuild: willBuild) { () throws(CatalogError) -> Void? in
      let isBuilt = try connection.prepare("SELECT has_search_keys FROM groupings WHERE id = ?")
        .bind(.integer(groupingID)).stepInteger()
      return isBuilt == 1 ? () : nil
    } build: { () throws(CatalogError) in
      let insert = try connection.prepare(
        "INSERT OR IGNORE INTO search_keys (grouping_id, key, row) VALUES (?, ?, ?)")
      let titleIndex = collection.columns.firstIndex(of: collection.titleColumn) ?? 0
      let sortAs = SortAsSource(
        titleIndex: titleIndex,
        columnIndices: collection.sortAs.compactMap { collection.columns.firstIndex(of: $0) })
      try forEachRow(groupingID: groupingID, of: collection) { row throws(CatalogError) in
        var texts = [row.fields[titleIndex]]
        if !sortAs.columnIndices.isEmpty { texts.append(sortAs.value(in: row.fields)) }
        for text in texts {
          for start in Self.wordStarts(in: text) {
            let key = collation.sectionKey(for: text[start...])
            guard !key.isEmpty else { continue }
            try insert.bind(.integer(groupingID), .blob(key), .integer(row.row)).run()
          }
        }
      }
      try connection.prepare("UPDATE groupings SET has_search_keys = 1 WHERE id = ?")
        .bind(.integer(groupingID)).run()
    }
  }

  /// Where the words of `text` start: its first letter or digit, and each letter or digit that
  /// follows white space, punctuation or a symbol ("O'Brien-Smith" → O, Brien, Smith).
  static func wordStarts(in text: String) -> [String.Index] {
    var starts: [String.Index] = []
    var previous: Character?
    for index in text.indices {
      let character = text[index]
      let isWordCharacter = character.isLetter || character.isNumber
      let followsBreak =
        previous.map { $0.isWhitespace || $0.isPunctuation || $0.isSymbol } ?? true
      if isWordCharacter && followsBreak { starts.append(index) }
      previous = character
    }
    return starts
  }

  /// One row of a grouping with its section and item fields.
  struct GroupingRow {
    let row: Int
    let section: Int
    let fields: [String]
  }

  /// Calls `body` with every row of a grouping, in list order.
  func forEachRow(
    groupingID: Int, of collection: CollectionInfo,
    _ body: (GroupingRow) throws(CatalogError) -> Void
  ) throws(CatalogError) {
    let statement = try connection.prepare(
      """
      SELECT r.id - g.first_row_id, s.section, i.fields
      FROM groupings g
      JOIN sections s ON s.grouping_id = g.id
      JOIN rows r ON r.id >= g.first_row_id + s.first_row
        AND r.id < g.first_row_id + s.first_row + s.item_count
      JOIN items i ON i.collection_id = ? AND i.item = r.item
      WHERE g.id = ?
      ORDER BY s.section, r.id
      """)
    try statement.bind(.integer(collection.id), .integer(groupingID))
    while try statement.step() {
      let fields = JSONText.decodeStringArray(statement.text(at: 2)) ?? []
      try body(
        GroupingRow(row: statement.int(at: 0), section: statement.int(at: 1), fields: fields))
    }
  }
}
