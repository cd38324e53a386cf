import CatalogCollation

/// Where one item files in one grouping: its section and its sort key within the list.
struct GroupingEntry: Sendable {
  enum Section: Sendable {
    /// The position of a letter in the collation's labels (the last one is `#`).
    case letter(Int)
    /// A column value: its primary-strength key and its spelling as written (trimmed). A blank
    /// value has an empty key.
    case value(key: [UInt8], spelling: Substring)
  }

  let section: Section
  let sortKey: [UInt8]
}

/// An item ready to be written: its stored fields and its entry in every grouping being built.
struct KeyedItem: Sendable {
  let item: Int
  let title: String
  let fieldsJSON: String
  let entries: [GroupingEntry]
}

/// Computes the keys of items for a set of groupings. Pure and `Sendable`, so it runs on the
/// reading thread while another thread writes.
struct ItemKeyer: Sendable {
  /// A grouping being built, with the collation of its locale and the position of its column.
  struct Target: Sendable {
    let collation: Collation
    /// The grouping column's position in the fields, or nil for letter grouping.
    let columnIndex: Int?
  }

  let titleIndex: Int
  /// The positions of the sort-as columns; empty means the title.
  let sortAsIndices: [Int]
  let targets: [Target]

  func key(item: Int, fields: [String]) -> KeyedItem {
    let sortAs =
      sortAsIndices.isEmpty
      ? fields[titleIndex] : sortAsIndices.map { fields[$0] }.joined(separator: " ")
    var sortKeys: [String: [UInt8]] = [:]
    let entries = targets.map { target in
      let locale = target.collation.locale.identifier
      let sortKey = sortKeys[locale] ?? target.collation.sortKey(for: sortAs)
      sortKeys[locale] = sortKey
      guard let columnIndex = target.columnIndex else {
        return GroupingEntry(
          section: .letter(target.collation.letterPosition(of: sortAs)), sortKey: sortKey)
      }
      let value = fields[columnIndex].trimmingWhiteSpace
      return GroupingEntry(
        section: .value(key: target.collation.sectionKey(for: value), spelling: value),
        sortKey: sortKey)
    }
    return KeyedItem(
      item: item, title: fields[titleIndex], fieldsJSON: JSONText.array(fields), entries: entries)
  }
}
