/// The items of one column section seen so far, and how often each spelling occurred, to choose
/// the heading: the most frequent spelling, ties broken by collation order.
struct SectionTally {
  var count = 0
  var spellings: [Substring: Int] = [:]

  /// Counts `spelling` once, or `times` times.
  mutating func add(_ spelling: Substring, times: Int = 1) {
    count += times
    spellings[spelling, default: 0] += times
  }

  /// The most frequent spelling; among equally frequent ones the first by `sortKey`.
  func heading(sortKey: (Substring) -> [UInt8]) -> String {
    let most = spellings.values.max() ?? 0
    let candidates = spellings.filter { $0.value == most }.map { ($0.key, sortKey($0.key)) }
    let first = candidates.min { a, b in
      a.1 == b.1
        ? a.0.unicodeScalars.lexicographicallyPrecedes(b.0.unicodeScalars)
        : a.1.lexicographicallyPrecedes(b.1)
    }
    return first.map { String($0.0) } ?? ""
  }
}
