extension Array where Element == IndexEntry {
  /// The index cut to at most `maximumCount` entries, as iOS shows an index that does not fit
  /// its height (DESIGN §12): "A • D • G …".
  ///
  /// Of the m entries, k = ⌊(maximumCount + 1) / 2⌋ are kept at evenly spaced positions (entry
  /// ⌊i·(m−1)/(k−1) + ½⌋ for i = 0…k−1, so the first and the last are kept), and between two
  /// kept entries one collapsed entry (`•`) stands for the entries left out there: it jumps to the section of the middle one of them (the ⌊count/2⌋-th, from 0)
  /// and counts all their items. An index of at most `maximumCount` entries is given back as it
  /// is. A search entry at the start is kept and not counted.
  ///
  /// - Precondition: `maximumCount >= 3`.
  /// - Complexity: O(m).
  public func fitted(toAtMost maximumCount: Int) -> [IndexEntry] {
    precondition(maximumCount >= 3, "an index fits in no fewer than 3 entries")
    if first?.kind == .search {
      return [self[0]] + Array(dropFirst()).fitted(toAtMost: maximumCount)
    }
    let total = count
    guard total > maximumCount else { return self }
    let kept = (maximumCount + 1) / 2
    // ⌊i·(m−1)/(k−1) + ½⌋ in integers: ⌊(2·i·(m−1) + (k−1)) / (2·(k−1))⌋.
    let positions = (0..<kept).map { i in (2 * i * (total - 1) + kept - 1) / (2 * (kept - 1)) }
    var fitted: [IndexEntry] = []
    for (position, next) in zip(positions, positions.dropFirst()) {
      fitted.append(self[position])
      // Never empty: k ≤ m/2 puts kept entries at least two apart.
      let left = self[(position + 1)..<next]
      fitted.append(
        IndexEntry(
          kind: .collapsed, title: IndexEntry.collapsedTitle,
          section: left[left.startIndex + left.count / 2].section,
          count: left.reduce(0) { $0 + $1.count }, standsFor: left.map(\.title)))
    }
    fitted.append(self[total - 1])
    return fitted
  }
}
