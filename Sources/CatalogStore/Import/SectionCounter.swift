import CatalogCollation

/// Cuts a list's rows, arriving in list order, into its sections: a section ends where the
/// next begins, so only the current one is held, however many sections there are.
struct SectionCounter {
  /// A section of the finished list.
  struct Section: Sendable {
    /// The section's key (`ListKey`).
    let key: [UInt8]
    let heading: String
    let letter: String
    let count: Int
    /// For a column grouping, how often each spelling of the value occurred, with its sort key;
    /// the most frequent is the heading. Empty for letter grouping.
    let spellings: [(spelling: String, sortKey: [UInt8], count: Int)]
  }

  let collation: Collation
  let isLetterGrouping: Bool
  /// The current section's key.
  private var current: [UInt8] = []
  private var count = 0
  /// The current section's spellings in UTF-8 and how often each occurred, found through
  /// `positions`; rows of a section mostly share one spelling, so `lastSpelling` (its position)
  /// usually matches without a lookup.
  private var spellings: [(utf8: [UInt8], count: Int)] = []
  private var positions: [[UInt8]: Int] = [:]
  private var lastSpelling = 0

  init(collation: Collation, isLetterGrouping: Bool) {
    self.collation = collation
    self.isLetterGrouping = isLetterGrouping
  }

  /// Counts the next row; returns whether it begins a section, and the section that ended
  /// before it, if any.
  mutating func add(_ row: RowOrderKey.Row) -> (beginsSection: Bool, ended: Section?) {
    var ended: Section?
    let begins = !row.section.elementsEqual(current)
    if begins {
      ended = finish()
      current = Array(row.section)
    }
    count += 1
    if !isLetterGrouping { countSpelling(row.spelling) }
    return (begins, ended)
  }

  private mutating func countSpelling(_ spelling: UnsafeRawBufferPointer) {
    if lastSpelling < spellings.count && spellings[lastSpelling].utf8.elementsEqual(spelling) {
      spellings[lastSpelling].count += 1
      return
    }
    let utf8 = Array(spelling)
    if let position = positions[utf8] {
      spellings[position].count += 1
      lastSpelling = position
    } else {
      lastSpelling = spellings.count
      positions[utf8] = lastSpelling
      spellings.append((utf8, 1))
    }
  }

  /// The last section, once every row was added; nil when there were no rows.
  mutating func finish() -> Section? {
    defer {
      count = 0
      spellings = []
      lastSpelling = 0
      positions = [:]
    }
    guard count > 0 else { return nil }
    if isLetterGrouping {
      let label = collation.labels[ListKey.letterPosition(ofSection: current)]
      return Section(key: current, heading: label, letter: label, count: count, spellings: [])
    }
    let counted = spellings.map { spelling in
      let text = String(decoding: spelling.utf8, as: UTF8.self)
      return (spelling: text, sortKey: collation.sortKey(for: text), count: spelling.count)
    }
    var tally = SectionTally()
    for spelling in counted { tally.add(Substring(spelling.spelling), times: spelling.count) }
    // The heading is one of the spellings, whose sort keys are made already.
    let heading = tally.heading { text in counted.first { $0.spelling == text }!.sortKey }
    return Section(
      key: current, heading: heading, letter: collation.letter(of: heading), count: count,
      spellings: counted)
  }
}
