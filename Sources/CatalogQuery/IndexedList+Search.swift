import CatalogStore

extension IndexedList {
  /// The items whose title or sort-as value, or a word in them, starts with `text` as the locale
  /// folds it at primary strength (`que` finds "Québec" in `fr`; `a` does not find "Åre" in `sv`),
  /// in list order, lazily. The collection's search keys in the list's locale are built the first
  /// time it is searched in it.
  ///
  /// - Throws: `CatalogError.invalidRequest` for a text with nothing to compare (blank);
  ///   `.listOutOfDate` when the keys had to be built and another write committed since the list's
  ///   version (`refresh()` it, then search again).
  public func search(
    _ text: String, limit: Int? = nil, willBuild: () -> Void = {}
  ) throws -> SearchCursor {
    try search(text, limit: limit, plan: nil, willBuild: willBuild)
  }

  /// The same, found by `plan`, or by the plan that costs least when it is nil: for tests and
  /// benchmarks that compare the plans.
  package func search(
    _ text: String, limit: Int?, plan: SearchPlan?, willBuild: () -> Void = {}
  ) throws -> SearchCursor {
    let key = collation.searchKey(forQuery: text)
    guard !key.isEmpty else {
      throw CatalogError.invalidRequest(
        "the search text '\(text)' has no letters or digits to match")
    }
    var built = false
    let searchIndexID = try catalog.searchIndexID(of: collection, collation: collation) {
      built = true
      willBuild()
    }
    var startsBuilt = false
    try catalog.buildSearchStarts(
      ofList: reader.listID, searchIndexID: searchIndexID, collection: collection
    ) {
      if !built { willBuild() }
      startsBuilt = true
    }
    // Keys built since the list's snapshot began, here or by another list, are seen by moving
    // it on. Starts are not needed to find the rows: the list moves on to see them only when no
    // other write would make it out of date.
    if try built || !reader.seesSearchIndex(searchIndexID) {
      try seeKeysBuiltSinceSnapshot()
    } else if try startsBuilt && catalog.version() == version {
      try seeKeysBuiltSinceSnapshot()
    }
    return try SearchCursor(
      list: self,
      rows: reader.search(
        searchIndexID: searchIndexID, key: key, collection: collection, grouping: grouping,
        collation: collation, limit: limit, plan: plan))
  }
}
