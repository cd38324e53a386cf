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
  ///
  /// The keys are put in order by an external sort first, so that they are appended to the
  /// table's B-tree instead of inserted all over it (a million items: 18 s before, a few now).
  package func buildSearchKeys(
    groupingID: Int, of collection: CollectionInfo, collation: Collation, willBuild: () -> Void
  ) throws(CatalogError) {
    try buildOnce(willBuild: willBuild) { () throws(CatalogError) -> Void? in
      let isBuilt = try connection.prepare("SELECT has_search_keys FROM groupings WHERE id = ?")
        .bind(.integer(groupingID)).stepInteger()
      return isBuilt == 1 ? () : nil
    } build: { () throws(CatalogError) in
      let titleIndex = collection.columns.firstIndex(of: collection.titleColumn) ?? 0
      let sortAs = SortAsSource(
        titleIndex: titleIndex,
        columnIndices: collection.sortAs.compactMap { collection.columns.firstIndex(of: $0) })
      let sorter = ExternalSorter()
      try forEachRow(groupingID: groupingID, of: collection) { row throws(CatalogError) in
        var texts = [row.fields[titleIndex]]
        if !sortAs.columnIndices.isEmpty { texts.append(sortAs.value(in: row.fields)) }
        for text in texts {
          for start in Self.wordStarts(in: text) {
            let key = collation.sectionKey(for: text[start...])
            guard !key.isEmpty else { continue }
            if let full = sorter.add({ SearchKey.append(key: key, row: row.row, to: &$0) }) {
              try sorter.spill(full)
            }
          }
        }
      }
      try insertSearchKeys(groupingID: groupingID, from: sorter)
      try connection.prepare("UPDATE groupings SET has_search_keys = 1 WHERE id = ?")
        .bind(.integer(groupingID)).run()
    }
  }

  /// Appends the sorted search keys, each (key, row) once.
  private func insertSearchKeys(groupingID: Int, from sorter: ExternalSorter) throws(CatalogError) {
    let insert = try MultiRowInsert(
      connection: connection, into: "search_keys", columns: ["grouping_id", "key", "row"])
    var pending: [(key: [UInt8], row: Int)] = []
    func flush() throws(CatalogError) {
      try insert.insert(count: pending.count) { statement, index, position in
        statement.bind(groupingID, at: position)
        statement.bind(pending[index].key, at: position + 1)
        statement.bind(pending[index].row, at: position + 2)
      }
      pending.removeAll(keepingCapacity: true)
    }
    var previous: [UInt8] = []
    try sorter.forEachInOrder { (encoded) throws(CatalogError) in
      guard !encoded.elementsEqual(previous) else { return true }
      previous = Array(encoded)
      pending.append(SearchKey.decode(encoded))
      if pending.count == 1024 { try flush() }
      return true
    }
    try flush()
  }

  /// Where the words of `text` start: its first letter or digit, and each letter or digit that
  /// follows white space, punctuation or a symbol ("O'Brien-Smith" → O, Brien, Smith).
  static func wordStarts(in text: String) -> [String.Index] {
    var starts: [String.Index] = []
    var previous: WordCharacterKind?
    for index in text.indices {
      let kind = WordCharacterKind(text[index])
      if kind == .word && (previous == nil || previous == .separator) { starts.append(index) }
      previous = kind
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

/// A search key and its row as one byte string whose byte order is the table's key order: the
/// key (an ICU primary key, which never holds a zero byte), a zero byte, the row (8 bytes,
/// big-endian).
enum SearchKey {
  static func append(key: [UInt8], row: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: key)
    bytes.append(0)
    withUnsafeBytes(of: UInt64(row).bigEndian) { bytes.append(contentsOf: $0) }
  }

  static func decode(_ bytes: UnsafeRawBufferPointer) -> (key: [UInt8], row: Int) {
    let keyEnd = bytes.count - 9
    var row: UInt64 = 0
    for byte in bytes[(keyEnd + 1)...] { row = row << 8 | UInt64(byte) }
    return (Array(bytes[..<keyEnd]), Int(row))
  }
}

/// What a character is to word starts: part of a word (a letter or digit), a separator (white
/// space, punctuation or a symbol), or neither (a control character). ASCII is decided by its
/// code, everything else by its Unicode properties.
enum WordCharacterKind {
  case word, separator, other

  init(_ character: Character) {
    if let ascii = character.asciiValue {
      switch ascii {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: self = .word
      case 0x09...0x0D, 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: self = .separator
      default: self = .other
      }
    } else if character.isLetter || character.isNumber {
      self = .word
    } else if character.isWhitespace || character.isPunctuation || character.isSymbol {
      self = .separator
    } else {
      self = .other
    }
  }
}
