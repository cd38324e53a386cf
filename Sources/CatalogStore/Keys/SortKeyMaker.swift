import CatalogCollation

/// Computes an item's sort key in each locale of a build, and its letter where a letter grouping
/// needs it, into buffers it reuses from item to item.
///
/// Used by one thread at a time (during an import, the reading thread, so that keying runs while
/// another thread writes).
final class SortKeyMaker {
  let sortAs: SortAsSource
  /// One collation per distinct locale of the build.
  let collations: [Collation]
  /// For each collation, what the sort-as value is read as under the collection's sorting options
  /// (`--names`, `--ignore-articles`); nil where the value is keyed as it is.
  private let sortingTexts: [SortingTextMaker?]
  /// Whether some letter grouping needs the letters of each collation.
  private let needsLetters: [Bool]
  /// The last keyed item's sort key in each collation.
  private(set) var sortKeys: [[UInt8]]
  /// The last keyed item's letter position in each collation, or -1 where none is needed.
  private(set) var letterPositions: [Int]

  init(
    sortAs: SortAsSource, collations: [Collation], sortingOptions: SortingOptions,
    needsLetters: [Bool]
  ) throws(CatalogError) {
    self.sortAs = sortAs
    self.collations = collations
    var sortingTexts: [SortingTextMaker?] = []
    for collation in collations {
      sortingTexts.append(
        sortingOptions == SortingOptions()
          ? nil
          : try collating { () throws(CollationError) in
            try SortingTextMaker(collation: collation, options: sortingOptions)
          })
    }
    self.sortingTexts = sortingTexts
    self.needsLetters = needsLetters
    sortKeys = Array(repeating: [], count: collations.count)
    letterPositions = Array(repeating: -1, count: collations.count)
  }

  /// Keys an item with these fields, for `sortKeys` and `letterPositions`.
  func key(fields: [String]) {
    let value = self.sortAs.value(in: fields)
    for (index, collation) in collations.enumerated() {
      let sortAs = sortingTexts[index]?.sortingText(for: value) ?? value
      if needsLetters[index] {
        letterPositions[index] = collation.sortKeyAndLetterPosition(
          of: sortAs, into: &sortKeys[index])
      } else {
        collation.sortKey(for: sortAs, into: &sortKeys[index])
      }
    }
  }
}
