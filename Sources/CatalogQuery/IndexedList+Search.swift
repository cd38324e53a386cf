import CatalogStore

extension IndexedList {
  /// The items whose title or sort-as value, or a word in them, starts with `text` as the locale
  /// folds it at primary strength (`que` finds "Québec" in `fr`; `a` does not find "Åre" in `sv`),
  /// in list order, lazily. The grouping's word keys are built the first time it is searched.
  ///
  /// - Throws: `CatalogError.invalidRequest` for a text with nothing to compare (blank).
  public func search(
    _ text: String, limit: Int? = nil, willBuild: () -> Void = {}
  ) throws -> SearchCursor {
    let key = collation.sectionKey(for: text)
    guard !key.isEmpty else {
      throw CatalogError.invalidRequest(
        "the search text '\(text)' has no letters or digits to match")
    }
    try catalog.buildSearchKeys(
      groupingID: groupingID, of: collection, collation: collation, willBuild: willBuild)
    return try SearchCursor(
      list: self, key: key, successor: Self.keySuccessor(key), limit: limit)
  }

  /// The smallest key greater than every key that starts with `key`, or nil when there is none
  /// (all bytes 0xFF).
  static func keySuccessor(_ key: [UInt8]) -> [UInt8]? {
    var successor = key
    while let last = successor.last {
      if last < 0xFF {
        successor[successor.count - 1] = last + 1
        return successor
      }
      successor.removeLast()
    }
    return nil
  }
}
