import CatalogCollation

/// Index titles from another column (`--index-by`): each section's most frequent value there,
/// tallied per section in `section_values` like the heading's spellings, so that writes keep them.
extension Catalog {
  /// Makes a list keep index titles from `indexBy`, tallying its values from the stored
  /// items, in one transaction after calling `willBuild`. Does nothing when it keeps them.
  package func buildSectionTitles(
    listID: Int, of collection: CollectionInfo, grouping: Grouping, indexBy: String,
    collation: Collation, willBuild: () -> Void
  ) throws(CatalogError) {
    try buildOnce(
      missing: .init(
        collection: collection.name, grouping: grouping, locale: collation.locale,
        indexBy: indexBy),
      willBuild: willBuild
    ) { () throws(CatalogError) -> Void? in
      try indexColumns(ofList: listID).contains(indexBy) ? () : nil
    } build: { () throws(CatalogError) in
      try connection.prepare("INSERT INTO index_columns (grouping_id, index_by) VALUES (?, ?)")
        .bind(.integer(listID), .text(indexBy)).run()
      try tallyIndexColumn(
        indexBy, listID: listID, of: collection, grouping: grouping, collation: collation)
    }
  }

  /// The index columns whose titles a list keeps.
  func indexColumns(ofList listID: Int) throws(CatalogError) -> [String] {
    let statement = try connection.prepare(
      "SELECT index_by FROM index_columns WHERE grouping_id = ? ORDER BY index_by")
    try statement.bind(.integer(listID))
    var columns: [String] = []
    while try statement.step() { columns.append(statement.text(at: 0)) }
    return columns
  }

  /// Tallies the trimmed values of `column` in each section of a built list, from its rows in
  /// list order. The grouping column's own values are tallied already (they make the headings).
  func tallyIndexColumn(
    _ column: String, listID: Int, of collection: CollectionInfo, grouping: Grouping,
    collation: Collation
  ) throws(CatalogError) {
    guard column != grouping.column, let position = collection.columns.firstIndex(of: column)
    else { return }
    let insert = try connection.prepare(
      """
      INSERT INTO section_values (grouping_id, column_name, section, value, sort_key, count)
      VALUES (?, ?, ?, ?, ?, ?)
      """)
    func store(_ section: [UInt8], _ tally: SectionTally) throws(CatalogError) {
      for (value, count) in tally.spellings {
        try insert.bind(
          .integer(listID), .text(column), .blob(section), .text(String(value)),
          .blob(collation.sortKey(for: value)), .integer(count)
        ).run()
      }
    }
    let rows = try connection.cursor(
      """
      SELECT r.key, i.fields FROM rows r JOIN items i ON i.collection_id = ?1 AND i.item = r.item
      WHERE r.grouping_id = ?2 ORDER BY r.key
      """)
    try rows.bind(.integer(collection.id), .integer(listID))
    var current: (section: [UInt8], tally: SectionTally)?
    while try rows.step() {
      let key = rows.blobBytes(at: 0)
      let section = key[..<ListKey.sectionLength(of: key)]
      if let open = current, !open.section.elementsEqual(section) {
        try store(open.section, open.tally)
        current = nil
      }
      if current == nil { current = (Array(section), SectionTally()) }
      let fields = rows.stringArray(at: 1)
      current?.tally.add(position < fields.count ? fields[position].canonicalValue : "")
    }
    if let open = current { try store(open.section, open.tally) }
  }
}
