/// Where one item goes in one list: the key of its row and the values its section tallies, as
/// `RowKeyMaker` makes them for an import and for a single write alike.
struct ListEntry: Equatable, Sendable {
  /// The row's key (`ListKey`), which begins with its section's key.
  let rowKey: [UInt8]
  /// For a column grouping, the value as written without surrounding white space: the spelling
  /// its section's heading may take. Nil for letter grouping.
  let spelling: String?
  /// The values of the list's index columns (`--index-by`), trimmed, in the list's order.
  let indexValues: [String]

  /// The key of the row's section.
  var sectionKey: [UInt8] { ListKey.section(ofRow: rowKey) }

  /// The item the row shows.
  var item: Int { ListKey.item(ofRow: rowKey) }
}
