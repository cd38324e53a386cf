/// Deleting what the layout stores for lists and search keys. Rows, blocks, tallies and search
/// keys have no foreign keys (which would cost a lookup per appended row), so they are deleted
/// here, before the rows they belong to.
struct ListTables {
  let connection: any DatabaseConnection
  /// Whether the schema has search starts to delete with the lists and keys they depend on.
  let keepsSearchStarts: Bool

  /// Deletes a list's rows, sections, tallies, block counts, index titles and search starts;
  /// the list row stays.
  func deleteContents(ofList id: Int) throws(CatalogError) {
    for table in ["rows", "row_blocks", "section_values", "sections"] {
      try connection.cached(named: "delete a grouping's \(table)") {
        "DELETE FROM \(table) WHERE grouping_id = ?"
      }.bind(.integer(id)).run()
    }
    if keepsSearchStarts { try SearchStarts(connection: connection).delete(ofList: id) }
  }

  /// Deletes a search index's keys, and the search starts of the lists in its locale, which
  /// depend on them; the index row stays.
  func deleteKeys(ofSearchIndex id: Int) throws(CatalogError) {
    try connection.cached("DELETE FROM search_keys WHERE search_index_id = ?")
      .bind(.integer(id)).run()
    if keepsSearchStarts { try SearchStarts(connection: connection).delete(ofSearchIndex: id) }
  }

  /// Deletes everything stored for a collection's lists and searches, before the collection row
  /// itself goes (whose deletion cascades to its lists and search indexes).
  func deleteAll(ofCollection collectionID: Int) throws(CatalogError) {
    let groupings = try connection.prepare("SELECT id FROM groupings WHERE collection_id = ?")
    try groupings.bind(.integer(collectionID))
    while try groupings.step() { try deleteContents(ofList: groupings.int(at: 0)) }
    let searches = try connection.prepare("SELECT id FROM search_indexes WHERE collection_id = ?")
    try searches.bind(.integer(collectionID))
    while try searches.step() { try deleteKeys(ofSearchIndex: searches.int(at: 0)) }
  }
}
