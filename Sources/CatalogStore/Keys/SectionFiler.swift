import CatalogCollation

/// Where one item files in one grouping, as its row key needs it.
enum SectionEntry {
  /// The position of a letter in the collation's labels (the last one is `#`).
  case letter(Int)
  /// The primary-strength key of a column value, and the value as written without surrounding
  /// white space: the spelling a heading may take. A value with an empty key (blank, or only
  /// characters the collation ignores) files under the blank section with an empty spelling.
  case value(key: [UInt8], spelling: Substring)
}

/// Files items into the sections of one grouping.
///
/// A column's values repeat (a few thousand states for a million cities), so the key of each
/// field is kept after ICU made it, in a cache of bounded size: a column of a million distinct
/// values costs an ICU call per item, not memory per value. The sections themselves are counted
/// later, from the rows in list order (`SectionCounter`). Used by one thread at a time.
final class SectionFiler {
  let collation: Collation
  /// The grouping column's position in the fields, or nil for letter grouping.
  let columnIndex: Int?
  private var keys: [String: [UInt8]] = [:]
  private static let keyCacheCapacity = 1 << 16

  init(collation: Collation, columnIndex: Int?) {
    self.collation = collation
    self.columnIndex = columnIndex
  }

  /// Files an item with these fields, whose sort-as value has this letter position in the
  /// collation (which only letter grouping reads).
  func file(fields: [String], letterPosition: Int) -> SectionEntry {
    guard let columnIndex else { return .letter(letterPosition) }
    let field = fields[columnIndex]
    let spelling = field.canonicalValue
    let key: [UInt8]
    if let cached = keys[field] {
      key = cached
    } else {
      key = collation.sectionKey(for: spelling)
      if keys.count == Self.keyCacheCapacity { keys.removeAll(keepingCapacity: true) }
      keys[field] = key
    }
    return .value(key: key, spelling: key.isEmpty ? "" : spelling)
  }
}
