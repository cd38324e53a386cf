import CatalogStore

/// The items of one collection by number, with their fields, as the catalog held them at one
/// version.
///
/// The library's `ImportSummary` counts the items an import added, updated and removed without
/// naming them; `import --format json` names them by comparing the collection before and after
/// the import (DESIGN §9), which costs a read of every item on both sides.
struct ItemsSnapshot {
  /// The catalog's version the items are of; nil when a write committed while they were read.
  let version: Int?
  /// Each item's fields, by item number.
  let items: [Int: [String]]

  /// The items of the collection `name` in `catalog`: none when there is no such collection, or
  /// no catalog, whose version is 0.
  init(of name: String, in catalog: Catalog?) throws {
    guard let catalog else {
      version = 0
      items = [:]
      return
    }
    let start = try catalog.version()
    var items: [Int: [String]] = [:]
    if let collection = try catalog.collection(named: name) {
      let cursor = try catalog.items(of: collection)
      while let (item, fields) = try cursor.next() { items[item] = fields }
    }
    self.items = items
    version = try catalog.version() == start ? start : nil
  }

  /// What the write committed as `version` changed from these items to `after`: items only after
  /// it were added, items only before it were removed, items on both sides whose fields differ
  /// were updated.
  ///
  /// - Throws: `ImportSummaryError` when another write committed between the two snapshots,
  ///   whose changes cannot be told apart from the write's.
  func changes(to after: ItemsSnapshot, committedAs version: Int) throws(ImportSummaryError)
    -> WriteSummary
  {
    guard let before = self.version, before + 1 == version, after.version == version else {
      throw ImportSummaryError(version: version)
    }
    return WriteSummary(
      version: version,
      added: after.items.keys.filter { items[$0] == nil },
      updated: after.items.compactMap { item, fields in
        items[item].flatMap { $0 == fields ? nil : item }
      },
      removed: items.keys.filter { after.items[$0] == nil })
  }
}

/// Another write committed while `import --format json` ran: the import is kept, but which items
/// it added, updated and removed cannot be told from the other write's.
struct ImportSummaryError: Error, CustomStringConvertible {
  /// The version the import committed.
  let version: Int

  var description: String {
    "the import is kept as version \(version), but another write came while it ran, so which "
      + "items it added, updated and removed is not known"
  }
}
