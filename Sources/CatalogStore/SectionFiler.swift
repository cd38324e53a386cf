import CatalogCollation

/// Where one item files in one grouping, as the rows' sort needs it.
enum SectionEntry: Sendable {
  /// The position of a letter in the collation's labels (the last one is `#`).
  case letter(Int)
  /// The primary-strength key of a column value; empty for a blank value.
  case value(key: [UInt8])
}

/// Files items into the sections of one grouping and counts them, for the sections that the
/// grouping's rows are then cut into.
///
/// A column's values repeat (a few thousand states for a million cities), so each distinct field
/// is keyed by ICU once and then found by a hash lookup; the distinct fields are what the
/// headings are chosen from anyway, so this keeps no more than the sections need. Used by one
/// thread at a time: the reading thread during an import, then the writing one.
final class SectionFiler {
  /// One distinct field of the grouping column as written.
  private struct Value {
    /// The field without leading and trailing white space: the spelling a heading may take.
    let spelling: Substring
    let key: [UInt8]
    var count: Int
  }

  /// A section of the finished grouping.
  struct Section {
    /// The primary-strength key, or NULL for `#` and for blank values.
    let key: SQLValue
    let heading: String
    let letter: String
    let count: Int
  }

  let collation: Collation
  /// The grouping column's position in the fields, or nil for letter grouping.
  let columnIndex: Int?
  private var letterCounts: [Int]
  private var valuePositions: [String: Int] = [:]
  private var values: [Value] = []

  init(collation: Collation, columnIndex: Int?) {
    self.collation = collation
    self.columnIndex = columnIndex
    letterCounts = Array(repeating: 0, count: collation.labels.count)
  }

  /// Files and counts an item with these fields, whose sort-as value has this letter position in
  /// the collation (which only letter grouping reads).
  func file(fields: [String], letterPosition position: Int) -> SectionEntry {
    guard let columnIndex else {
      letterCounts[position] += 1
      return .letter(position)
    }
    let field = fields[columnIndex]
    if let position = valuePositions[field] {
      values[position].count += 1
      return .value(key: values[position].key)
    }
    let spelling = field.trimmingWhiteSpace
    let key = collation.sectionKey(for: spelling)
    valuePositions[field] = values.count
    values.append(Value(spelling: spelling, key: key, count: 1))
    return .value(key: key)
  }

  /// The sections that have items, in order: the letters in label order (`#` is the last label),
  /// or the distinct folded values in key order with the blank section last.
  func sections() -> [Section] {
    columnIndex == nil ? letterSections() : valueSections()
  }

  private func letterSections() -> [Section] {
    letterCounts.indices.filter { letterCounts[$0] > 0 }.map { position in
      let label = collation.labels[position]
      let isOther = position == collation.labels.count - 1
      return Section(
        key: isOther ? .null : .blob(collation.sectionKey(for: label)), heading: label,
        letter: label, count: letterCounts[position])
    }
  }

  private func valueSections() -> [Section] {
    var tallies: [[UInt8]: SectionTally] = [:]
    for value in values {
      tallies[value.key, default: SectionTally()].add(value.spelling, times: value.count)
    }
    let keys = tallies.keys.sorted { a, b in
      a.isEmpty != b.isEmpty ? b.isEmpty : a.lexicographicallyPrecedes(b)
    }
    return keys.map { key in
      let tally = tallies[key]!
      let heading = key.isEmpty ? "" : tally.heading { collation.sortKey(for: $0) }
      return Section(
        key: key.isEmpty ? .null : .blob(key), heading: heading,
        letter: collation.letter(of: heading), count: tally.count)
    }
  }
}
