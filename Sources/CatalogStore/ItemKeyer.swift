import CatalogCollation

/// An item's keys: its sort key in each locale being built, and its section in each grouping
/// being built.
struct ItemKeys: Sendable {
  let item: Int
  /// One per distinct locale of the build, in `ItemKeyer.collations` order.
  let sortKeys: [[UInt8]]
  /// One per grouping of the build, in order.
  let sections: [SectionEntry]
}

/// Computes the keys of items for a set of groupings, and counts their sections on the way.
///
/// Used by one thread at a time (during an import, the reading thread, so that keying runs while
/// another thread writes), since its filers count.
struct ItemKeyer {
  let sortAs: SortAsSource
  /// One collation per distinct locale, for the sort keys.
  let collations: [Collation]
  /// One per grouping of the build, in order, with the position of its collation in `collations`.
  let filers: [(filer: SectionFiler, collation: Int)]
  /// Whether some letter grouping needs the letters of each collation.
  private let needsLetters: [Bool]

  init(sortAs: SortAsSource, collations: [Collation], filers: [(SectionFiler, Int)]) {
    self.sortAs = sortAs
    self.collations = collations
    self.filers = filers
    needsLetters = collations.indices.map { index in
      filers.contains { $0.1 == index && $0.0.columnIndex == nil }
    }
  }

  func key(item: Int, fields: [String]) -> ItemKeys {
    let sortAs = self.sortAs.value(in: fields)
    let keys = zip(collations, needsLetters).map { collation, needsLetter in
      needsLetter
        ? collation.sortKeyAndLetterPosition(of: sortAs)
        : (sortKey: collation.sortKey(for: sortAs), letterPosition: -1)
    }
    return ItemKeys(
      item: item, sortKeys: keys.map(\.sortKey),
      sections: filers.map { filer, collation in
        filer.file(fields: fields, letterPosition: keys[collation].letterPosition)
      })
  }
}
