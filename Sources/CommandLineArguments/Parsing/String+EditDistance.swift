extension String {
  /// The Levenshtein distance to `other`: how many characters must be inserted, deleted or
  /// replaced to turn one string into the other.
  ///
  ///     "--lcoale".editDistance(to: "--locale")  // 2
  ///
  /// - Complexity: O(*m* × *n*) for strings of *m* and *n* characters.
  func editDistance(to other: String) -> Int {
    let source = Array(self)
    let target = Array(other)
    // previous[j]: the distance from the source prefix before this row to target.prefix(j).
    var previous = Array(0...target.count)
    for (i, sourceCharacter) in source.enumerated() {
      var current = [i + 1]
      for (j, targetCharacter) in target.enumerated() {
        let replacement = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
        current.append(Swift.min(replacement, previous[j + 1] + 1, current[j] + 1))
      }
      previous = current
    }
    return previous[target.count]
  }
}
