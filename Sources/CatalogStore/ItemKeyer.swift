import CatalogCollation

/// Where one item files in one grouping.
enum SectionEntry: Sendable {
  /// The position of a letter in the collation's labels (the last one is `#`).
  case letter(Int)
  /// A column value: its primary-strength key and its spelling as written (trimmed). A blank
  /// value has an empty key.
  case value(key: [UInt8], spelling: Substring)
}

/// An item ready to be written: its stored fields, its sort key in each locale being built, and
/// its section in each grouping being built.
struct KeyedItem: Sendable {
  let item: Int
  let title: String
  let fieldsJSON: String
  /// One per distinct locale of the build, in `GroupingBuild.locales` order.
  let sortKeys: [[UInt8]]
  /// One per grouping of the build, in order.
  let sections: [SectionEntry]
}

/// Computes the keys of items for a set of groupings. Pure and `Sendable`, so it runs on the
/// reading thread while another thread writes.
struct ItemKeyer: Sendable {
  /// A grouping being built: the collation of its locale and the position of its column.
  struct Target: Sendable {
    let collation: Collation
    /// The grouping column's position in the fields, or nil for letter grouping.
    let columnIndex: Int?
  }

  let titleIndex: Int
  /// The positions of the sort-as columns; empty means the title.
  let sortAsIndices: [Int]
  /// One collation per distinct locale, for the sort keys.
  let collations: [Collation]
  let targets: [Target]

  func key(item: Int, fields: [String]) -> KeyedItem {
    let sortAs =
      sortAsIndices.isEmpty
      ? fields[titleIndex] : sortAsIndices.map { fields[$0] }.joined(separator: " ")
    let sections = targets.map { target -> SectionEntry in
      guard let columnIndex = target.columnIndex else {
        return .letter(target.collation.letterPosition(of: sortAs))
      }
      let value = fields[columnIndex].trimmingWhiteSpace
      return .value(key: target.collation.sectionKey(for: value), spelling: value)
    }
    return KeyedItem(
      item: item, title: fields[titleIndex], fieldsJSON: JSONText.array(fields),
      sortKeys: collations.map { $0.sortKey(for: sortAs) }, sections: sections)
  }
}
