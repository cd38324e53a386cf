import CatalogCollation

/// The byte strings that place sections and rows in a list, whose byte order (`memcmp`, SQLite's
/// BLOB order) is list order (DESIGN §5).
///
/// A section's key is its part, then a zero byte: x'01' and a letter's position in two bytes, or
/// x'01' and the ICU primary key of a column value, or x'02' for blank values (last). A row's key
/// is its section's key, the ICU tertiary sort key of its sort-as value, a zero byte, and the item
/// number in 8 bytes, big-endian. ICU keys never hold a zero byte (nor do the letter bytes), so
/// every row of a section starts with the section's key and sorts after it and before the next
/// section's.
package enum ListKey {
  /// Appends the key of the section that `entry` files under.
  static func appendSection(_ entry: SectionEntry, to key: inout [UInt8]) {
    switch entry {
    case .letter(let position):
      key.append(1)
      key.append(UInt8(position / 255 + 1))
      key.append(UInt8(position % 255 + 1))
    case .value(let valueKey, _) where valueKey.isEmpty:
      key.append(2)
    case .value(let valueKey, _):
      key.append(1)
      key.append(contentsOf: valueKey)
    }
    key.append(0)
  }

  /// The key of the section that `entry` files under.
  static func section(_ entry: SectionEntry) -> [UInt8] {
    var key: [UInt8] = []
    appendSection(entry, to: &key)
    return key
  }

  /// Appends the item's sort key and number to a section key, making the key of its row.
  static func appendRow(sortKey: some Collection<UInt8>, item: Int, to key: inout [UInt8]) {
    key.append(contentsOf: sortKey)
    key.append(0)
    withUnsafeBytes(of: UInt64(item).bigEndian) { key.append(contentsOf: $0) }
  }

  /// The length of the section key that a row key (or a section key) begins with.
  static func sectionLength(of key: some Collection<UInt8>) -> Int {
    (key.firstIndex(of: 0).map { key.distance(from: key.startIndex, to: $0) } ?? key.count) + 1
  }

  /// The key of the section of a letter grouping at this position in its collation's labels.
  package static func section(letterPosition: Int) -> [UInt8] {
    section(.letter(letterPosition))
  }

  /// The key of the section of a column grouping whose values have this primary key.
  package static func section(valueKey: [UInt8]) -> [UInt8] {
    section(.value(key: valueKey, spelling: ""))
  }

  /// The key of the section whose heading folds equal to `heading` in a list: the letter
  /// it is a label of, or the column value it spells; nil for a letter grouping and a heading
  /// that is no label.
  package static func section(
    forHeading heading: String, in grouping: Grouping, collation: Collation
  ) -> [UInt8]? {
    let headingKey = collation.sectionKey(for: heading)
    guard grouping == .letters else { return section(valueKey: headingKey) }
    return collation.labels.firstIndex { collation.sectionKey(for: $0) == headingKey }
      .map(section(letterPosition:))
  }

  /// The section key that a row key begins with.
  package static func section(ofRow key: [UInt8]) -> [UInt8] {
    Array(key.prefix(sectionLength(of: key)))
  }

  /// The item number at the end of a row key.
  static func item(ofRow key: some Collection<UInt8>) -> Int {
    var item: UInt64 = 0
    for byte in key.suffix(8) { item = item << 8 | UInt64(byte) }
    return Int(item)
  }

  /// The letter position that a letter grouping's section key holds.
  static func letterPosition(ofSection key: some Collection<UInt8>) -> Int {
    let bytes = Array(key.prefix(3))
    return Int(bytes[1] - 1) * 255 + Int(bytes[2] - 1)
  }

}

extension ListKey {
  /// A key greater than every section and row key (they begin with 1 or 2): the end of a range
  /// that has none.
  static let end: [UInt8] = [3]
}
