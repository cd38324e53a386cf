/// A row as the import's external sort orders it: the row's key (`ListKey`), whose byte order is
/// list order, then, for a column grouping, the value's spelling, which never decides the order
/// (row keys differ) but lets the sections' headings be counted from the sorted rows.
enum RowOrderKey {
  /// The parts of a sorted row.
  struct Row {
    /// The row's key, which begins with its section's key.
    let key: UnsafeRawBufferPointer
    /// The length of the section's key at the start of `key`.
    let sectionLength: Int
    /// A value's spelling in UTF-8; empty for letter grouping.
    let spelling: UnsafeRawBufferPointer

    var section: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: key[..<sectionLength]) }
    var item: Int { ListKey.item(ofRow: key) }
  }

  /// Appends, after a row key, the spelling of the value the row files under, if any.
  static func appendSpelling(of section: SectionEntry, to key: inout [UInt8]) {
    guard case .value(_, var spelling) = section else { return }
    spelling.withUTF8 { key.append(contentsOf: $0) }
  }

  static func decode(_ bytes: UnsafeRawBufferPointer) -> Row {
    let sectionLength = ListKey.sectionLength(of: bytes)
    let sortKeyEnd = bytes[sectionLength...].firstIndex(of: 0)!
    let keyEnd = sortKeyEnd + 9
    return Row(
      key: UnsafeRawBufferPointer(rebasing: bytes[..<keyEnd]), sectionLength: sectionLength,
      spelling: UnsafeRawBufferPointer(rebasing: bytes[keyEnd...]))
  }
}
