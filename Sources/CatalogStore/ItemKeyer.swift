import CatalogCollation

/// An item's keys: its sort key in each locale being built, and its section in each grouping
/// being built.
struct ItemKeys {
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
  /// One per grouping of the build, in order.
  let filers: [SectionFiler]

  func key(item: Int, fields: [String]) -> ItemKeys {
    let sortAs = self.sortAs.value(in: fields)
    return ItemKeys(
      item: item, sortKeys: collations.map { $0.sortKey(for: sortAs) },
      sections: filers.map { $0.file(fields: fields, sortAs: sortAs) })
  }
}
