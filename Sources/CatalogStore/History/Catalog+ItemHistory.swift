extension Catalog {
  /// How many of the latest versions a collection's removed items are kept for, at least, so that
  /// a client that many versions behind catches up without a copy (DESIGN §16).
  public static let keptRemovalVersions = 10_000

  /// The identity of a collection (DESIGN §16): made with it, made anew when its contents are
  /// replaced wholesale (`import --replace`, a new collection under a dropped one's name), kept
  /// through every other write, a rename and a rebuild of its keys.
  ///
  /// - Throws: `CatalogError.unknownCollection`.
  public func identity(of collection: CollectionInfo) throws(CatalogError) -> String {
    let statement = try connection.cached("SELECT identity FROM collections WHERE id = ?")
    try statement.bind(.integer(collection.id))
    defer { statement.reset() }
    guard try statement.step() else {
      throw .unknownCollection(name: collection.name, available: try collections().map(\.name))
    }
    return statement.text(at: 0)
  }

  /// A page of a collection's items, read at one version: the whole collection by item number
  /// (`.copy`), or the items written or removed after a version (`.changes`), at most `limit`
  /// of them, with where the next page starts.
  ///
  /// The changes after version V are the items whose last write is after V, with their fields,
  /// and the items removed after V, with the version that removed them, ordered by version and
  /// then item; a client that applies them in order to the collection as of V holds it as of the
  /// page's version. They can be given for any V from the collection's floor on: the version that
  /// gave it its identity, raised when the removals of versions more than
  /// `keptRemovalVersions` old are pruned. Before the floor, or when `identity` is not the
  /// collection's, the answer is `.unavailable`: the client must copy the collection again.
  ///
  /// ```swift
  /// var start = ItemPageStart.copy(after: nil)
  /// var first: Int?
  /// while case .page(let page) = try catalog.itemPage(of: "people", from: start, limit: 1000) {
  ///   first = first ?? page.version
  ///   keep(page.changes)
  ///   guard let next = page.next else { break }
  ///   start = next
  /// }
  /// // then .changes(since: first!, after: nil), page by page
  /// ```
  ///
  /// - Parameters:
  ///   - collection: the collection's name; nil when the catalog holds exactly one.
  ///   - identity: the identity the client holds the collection under, if it holds it.
  ///   - limit: at most so many items, at least 1.
  ///   - notesAfter: the version of the collection's notes the client holds; the page carries
  ///     the notes when theirs is later.
  /// - Throws: `CatalogError.unknownCollection`, `.invalidRequest` for a version after the
  ///   catalog's or a limit below 1.
  public func itemPage(
    of collection: String?, from start: ItemPageStart, identity: String? = nil, limit: Int,
    notesAfter: Int? = nil
  ) throws(CatalogError) -> ItemPageAnswer {
    guard limit > 0 else { throw .invalidRequest("a page holds at least one item") }
    return try readingOneVersion { () throws(CatalogError) in
      let version = try self.version()
      let info = try resolveCollection(named: collection)
      let state = try connection.cached(
        "SELECT identity, history_floor, notes_version FROM collections WHERE id = ?")
      try state.bind(.integer(info.id))
      _ = try state.step()
      let (current, floor, notesVersion) = (state.text(at: 0), state.int(at: 1), state.int(at: 2))
      state.reset()
      if let identity, identity != current {
        return .unavailable(.identityChanged(current: current), identity: current)
      }
      let changes: [ItemChange]
      var next: ItemPageStart?
      switch start {
      case .copy(let after):
        changes = try copiedItems(of: info.id, after: after ?? -1, limit: limit + 1)
        if changes.count > limit { next = .copy(after: changes[limit - 1].item) }
      case .changes(let since, let after):
        guard since <= version else {
          throw .invalidRequest(
            "the version \(since) to start after is past the catalog's version \(version)")
        }
        guard since >= floor else {
          return .unavailable(.notKept(since: since, floor: floor), identity: current)
        }
        let from = after ?? ItemChangePosition(version: since, item: Int(Int64.max))
        changes = try changedItems(of: info.id, after: from, limit: limit + 1)
        if changes.count > limit {
          next = .changes(since: since, after: changes[limit - 1].position)
        }
      }
      let notes = try notesAfter.map { notesVersion > $0 } == true ? self.notes(of: info) : nil
      return .page(
        ItemPage(
          collection: info, identity: current, version: version,
          changes: Array(changes.prefix(limit)), next: next, notesVersion: notesVersion,
          notes: notes))
    }
  }

  /// Up to `limit` items of the collection after item `after`, in item order.
  private func copiedItems(of collectionID: Int, after item: Int, limit: Int)
    throws(CatalogError) -> [ItemChange]
  {
    let statement = try connection.cached(
      """
      SELECT i.item, i.key, coalesce(i.version, c.imported_version), i.fields
      FROM items i JOIN collections c ON c.id = i.collection_id
      WHERE i.collection_id = ?1 AND i.item > ?2 ORDER BY i.item LIMIT ?3
      """)
    try statement.bind(.integer(collectionID), .integer(item), .integer(limit))
    defer { statement.reset() }
    return try Self.writtenItems(statement)
  }

  /// Up to `limit` items written or removed after `position`, in the order of positions: the
  /// first `limit` of each kind, merged.
  private func changedItems(of collectionID: Int, after position: ItemChangePosition, limit: Int)
    throws(CatalogError) -> [ItemChange]
  {
    // `version > 0` names the partial index's condition, so that both engines use it.
    let written = try connection.cached(
      """
      SELECT item, key, version, fields FROM items
      WHERE collection_id = ?1 AND version > 0 AND version >= ?2 AND (version, item) > (?2, ?3)
      ORDER BY version, item LIMIT ?4
      """)
    try written.bind(
      .integer(collectionID), .integer(position.version), .integer(position.item),
      .integer(limit))
    let items = try Self.writtenItems(written)
    written.reset()
    let removed = try connection.cached(
      """
      SELECT item, key, version FROM removed_items
      WHERE collection_id = ?1 AND version >= ?2 AND (version, item) > (?2, ?3)
      ORDER BY version, item LIMIT ?4
      """)
    try removed.bind(
      .integer(collectionID), .integer(position.version), .integer(position.item),
      .integer(limit))
    defer { removed.reset() }
    var removals: [ItemChange] = []
    while try removed.step() {
      removals.append(
        ItemChange(
          item: removed.int(at: 0), key: removed.optionalText(at: 1),
          version: removed.int(at: 2), fields: nil))
    }
    guard !removals.isEmpty else { return items }
    return Array((items + removals).sorted { $0.position < $1.position }.prefix(limit))
  }

  /// The items a statement reads as item, key, version and fields.
  private static func writtenItems(_ statement: any DatabaseStatement) throws(CatalogError)
    -> [ItemChange]
  {
    var items: [ItemChange] = []
    while try statement.step() {
      items.append(
        ItemChange(
          item: statement.int(at: 0), key: statement.optionalText(at: 1),
          version: statement.int(at: 2), fields: statement.stringArray(at: 3)))
    }
    return items
  }

  /// Runs `body` in one read transaction, so that what it reads is one version of the catalog;
  /// inside a transaction already, in that one.
  private func readingOneVersion<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError)
    -> T
  {
    guard !connection.isInTransaction else { return try body() }
    try connection.beginSnapshot()
    defer { try? connection.execute("COMMIT") }
    return try body()
  }

  // MARK: - Recording

  /// Records, inside a write, that the write removed `item` (whose key is `key`), under the
  /// version its items carry (`CollectionWriter.itemVersion`).
  func recordRemoval(of item: Int, key: String?, from collectionID: Int, version: Int)
    throws(CatalogError)
  {
    try connection.cached(
      "INSERT INTO removed_items (collection_id, version, item, key) VALUES (?, ?, ?, ?)"
    ).bind(
      .integer(collectionID), .integer(version), .integer(item), key.map(SQLValue.text) ?? .null
    )
    .runWithoutWaiting()
  }

  /// Gives the removals a write recorded before it knew its version that version, and prunes
  /// the collection's removals of versions no longer kept, raising its floor past them. Called
  /// by a write that removed items, as it records its version.
  func finishRemovals(from collectionID: Int, version: Int, markedUntilNow: Bool)
    throws(CatalogError)
  {
    if markedUntilNow {
      try connection.cached(
        "UPDATE removed_items SET version = ?2 WHERE collection_id = ?1 AND version = -1"
      ).bind(.integer(collectionID), .integer(version)).runWithoutWaiting()
    }
    let pruned = version - configuration.keptRemovalVersions
    guard pruned > 0 else { return }
    try connection.cached(
      """
      UPDATE collections SET history_floor = ?2
      WHERE id = ?1 AND history_floor < ?2 AND EXISTS (
        SELECT 1 FROM removed_items WHERE collection_id = ?1 AND version BETWEEN 1 AND ?2)
      """
    ).bind(.integer(collectionID), .integer(pruned)).runWithoutWaiting()
    try connection.cached(
      "DELETE FROM removed_items WHERE collection_id = ?1 AND version BETWEEN 1 AND ?2"
    ).bind(.integer(collectionID), .integer(pruned)).runWithoutWaiting()
  }

  /// Forgets a collection's history, inside a write that replaces or drops it: its identity goes
  /// with it.
  func forgetRemovals(from collectionID: Int) throws(CatalogError) {
    try connection.cached("DELETE FROM removed_items WHERE collection_id = ?")
      .bind(.integer(collectionID)).runWithoutWaiting()
  }
}
