import Foundation

extension Catalog {
  /// The first number of an item added on a device to a mirrored collection: below it the
  /// server's numbers, from it the device's own until each add is uploaded (DESIGN §16).
  public static let firstLocalItem = 1 << 40

  /// Forgets what a dropped collection kept as a mirror (DESIGN §16), so that no collection made
  /// later under its id is taken for one.
  func forgetMirror(of collectionID: Int) throws(CatalogError) {
    for table in [
      "mirrors", "mirror_items", "mirror_writes", "mirror_conflicts", "mirror_rejected",
    ] {
      try connection.prepare("DELETE FROM \(table) WHERE collection_id = ?")
        .bind(.integer(collectionID)).run()
    }
  }

  // MARK: - Status

  /// Where the collection `name` comes from and how far it has followed it; nil when it mirrors
  /// no server's collection.
  public func mirrorSource(of name: String?) throws(CatalogError) -> MirrorSource? {
    let collection = try resolveCollection(named: name)
    let statement = try connection.cached(
      """
      SELECT url, identity, reached, mirror_id,
        (SELECT count(*) FROM mirror_writes w WHERE w.collection_id = m.collection_id),
        notes_version
      FROM mirrors m WHERE collection_id = ?
      """)
    try statement.bind(.integer(collection.id))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return MirrorSource(
      collection: collection.name, url: statement.text(at: 0), identity: statement.text(at: 1),
      reached: statement.int(at: 2), mirrorID: statement.text(at: 3),
      pending: statement.int(at: 4), notesVersion: statement.int(at: 5))
  }

  /// The local writes waiting to be uploaded, in order.
  public func mirrorWrites(of name: String?) throws(CatalogError) -> [MirrorWrite] {
    try mirrorWrites(of: resolveCollection(named: name).id, limit: nil)
  }

  /// The first local write waiting to be uploaded, read alone (an upload takes them one at a
  /// time; reading the whole queue for each made uploading n writes cost n² reads).
  public func nextMirrorWrite(of name: String?) throws(CatalogError) -> MirrorWrite? {
    try mirrorWrites(of: resolveCollection(named: name).id, limit: 1).first
  }

  private func mirrorWrites(of collectionID: Int, limit: Int?) throws(CatalogError)
    -> [MirrorWrite]
  {
    let statement = try connection.prepare(
      """
      SELECT number, kind, item, key, fields, base_version, base_fields FROM mirror_writes
      WHERE collection_id = ? ORDER BY number\(limit.map { " LIMIT \($0)" } ?? "")
      """)
    return try MirrorQueue.writes(try statement.bind(.integer(collectionID)))
  }

  /// The conflicts kept, by item.
  public func mirrorConflicts(of name: String?) throws(CatalogError) -> [MirrorConflict] {
    let collection = try resolveCollection(named: name)
    let statement = try connection.prepare(
      """
      SELECT item, key, base, local, server FROM mirror_conflicts WHERE collection_id = ?
      ORDER BY item
      """)
    try statement.bind(.integer(collection.id))
    var conflicts: [MirrorConflict] = []
    func fields(_ column: Int32) -> [String: String]? {
      statement.isNull(at: column) ? nil : MirrorQueue.decode(statement.stringArray(at: column))
    }
    while try statement.step() {
      conflicts.append(
        MirrorConflict(
          item: statement.int(at: 0), key: statement.optionalText(at: 1), base: fields(2),
          local: fields(3), server: fields(4)))
    }
    return conflicts
  }

  /// The writes the server refused, in order.
  public func mirrorRejections(of name: String?) throws(CatalogError) -> [MirrorRejection] {
    let collection = try resolveCollection(named: name)
    let statement = try connection.prepare(
      """
      SELECT number, item, key, status, error, fields FROM mirror_rejected
      WHERE collection_id = ? ORDER BY number
      """)
    try statement.bind(.integer(collection.id))
    var rejections: [MirrorRejection] = []
    while try statement.step() {
      rejections.append(
        MirrorRejection(
          number: statement.int(at: 0), item: statement.int(at: 1),
          key: statement.optionalText(at: 2), status: statement.int(at: 3),
          error: statement.text(at: 4), fields: MirrorQueue.decode(statement.stringArray(at: 5))))
    }
    return rejections
  }

  // MARK: - Following

  /// Applies server items (changes after the version reached, in order) to a mirror in one write
  /// that also records `reached`, the server version they bring it to: pending local writes stay
  /// on top, an item the device changed and the server removed becomes a conflict, and an item
  /// that already is as the server says changes nothing (DESIGN §16).
  ///
  /// - Parameter notes: the server collection's header, footer and section notes, when they
  ///   came with the items: they replace the mirror's (watchers then get a reload, as a list's
  ///   change set has no place for a collection's header).
  @discardableResult
  public func applyServerItems(
    _ items: [ServerItem], to name: String?, reached: Int, notes: CollectionNotes? = nil
  ) throws(CatalogError) -> WriteSummary {
    try mirrorWrite(to: name, notes: notes) { (applier, collection) throws(CatalogError) in
      for item in items { try applier.apply(item) }
      try connection.cached("UPDATE mirrors SET reached = ?2 WHERE collection_id = ?1")
        .bind(.integer(collection.id), .integer(reached)).runWithoutWaiting()
    }
  }

  /// The server confirmed queued write `number` (its answer: the item's number on the server and
  /// the version that wrote it): it leaves the queue, an added item takes the server's number,
  /// and later writes on the item are based on this version.
  @discardableResult
  public func confirmMirrorWrite(
    _ number: Int, in name: String?, serverItem: Int, version: Int
  ) throws(CatalogError) -> WriteSummary {
    try mirrorWrite(to: name) { (applier, collection) throws(CatalogError) in
      // A confirmed annotate is in the server's notes, which come with its next versions.
      guard let write = try applier.takeWrite(number), write.kind != .notes else { return }
      var item = write.item
      if write.kind == .add, serverItem != write.item {
        try applier.renumber(write.item, to: serverItem)
        item = serverItem
      }
      if write.kind == .remove {
        try connection.cached("DELETE FROM mirror_items WHERE collection_id = ? AND item = ?")
          .bind(.integer(collection.id), .integer(item)).runWithoutWaiting()
      } else {
        try applier.setServerVersion(version, of: item)
        var base = write.baseFields ?? [:]
        for (column, value) in write.fields { base[column] = value }
        try connection.cached(
          """
          UPDATE mirror_writes SET base_version = ?3, base_fields = ?4
          WHERE collection_id = ?1 AND item = ?2
          """
        ).bind(
          .integer(collection.id), .integer(item), .integer(version),
          .text(MirrorQueue.encode(collection.columns.map { ($0, base[$0] ?? "") }))
        ).runWithoutWaiting()
      }
    }
  }

  /// The server refused queued write `number`: it moves to the rejected writes with the status
  /// and error; an item added by it goes, with later writes on it. (The caller then applies the
  /// server's item, so that the device shows the server's state.)
  @discardableResult
  public func rejectMirrorWrite(_ number: Int, in name: String?, status: Int, error: String)
    throws(CatalogError) -> WriteSummary
  {
    try mirrorWrite(to: name) { (applier, collection) throws(CatalogError) in
      guard let write = try applier.takeWrite(number) else { return }
      try connection.cached(
        """
        INSERT INTO mirror_rejected (collection_id, number, item, key, status, error, fields)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """
      ).bind(
        .integer(collection.id), .integer(number), .integer(write.item),
        write.key.map(SQLValue.text) ?? .null, .integer(status), .text(error),
        .text(MirrorQueue.encode(write.fields.sorted { $0.key < $1.key }))
      ).runWithoutWaiting()
      if write.kind == .add { try applier.dropLocalItem(write.item) }
      // The mirror's notes go back to the server's with the next versions: asked for whatever
      // their version (-1), as the refused change may have been made over none.
      if write.kind == .notes {
        try connection.cached("UPDATE mirrors SET notes_version = -1 WHERE collection_id = ?")
          .bind(.integer(collection.id)).runWithoutWaiting()
      }
    }
  }

  /// Keeps a conflict on the item of queued write `number` (base, the device's fields, the
  /// server's), drops the item's pending writes and shows the server's item (nil: removed).
  @discardableResult
  public func recordMirrorConflict(
    onWrite number: Int, in name: String?, server: ServerItem?
  ) throws(CatalogError) -> WriteSummary {
    try mirrorWrite(to: name) { (applier, collection) throws(CatalogError) in
      guard let write = try applier.pendingWrite(number) else { return }
      try applier.keepConflict(
        item: write.item, key: write.key, base: write.baseFields, server: server?.fields)
      if write.kind == .add {
        try applier.dropLocalItem(write.item)
      }
      if let server { try applier.apply(server) }
    }
  }

  /// Settles the conflict on `item` (a number, or a key): `keepLocal` writes the device's fields
  /// over the server's as a new queued write (or queues the removal), otherwise the server's
  /// item stays and the device's fields are dropped.
  ///
  /// - Throws: `CatalogError.unknownItem` when no conflict is kept on that item.
  @discardableResult
  public func resolveMirrorConflict(_ reference: ItemReference, in name: String?, keepLocal: Bool)
    throws(CatalogError) -> WriteSummary
  {
    let collection = try resolveCollection(named: name)
    let conflicts = try mirrorConflicts(of: collection.name)
    let conflict = conflicts.first { conflict in
      switch reference {
      case .number(let number): return conflict.item == number
      case .key(let key): return conflict.key == String(key.canonicalValue)
      }
    }
    guard let conflict else { throw .unknownItem(reference, collection: collection.name) }
    guard keepLocal else {
      return try mirrorWrite(to: collection.name) { (_, collection) throws(CatalogError) in
        try connection.cached(
          "DELETE FROM mirror_conflicts WHERE collection_id = ? AND item = ?"
        ).bind(.integer(collection.id), .integer(conflict.item)).runWithoutWaiting()
      }
    }
    return try withWriter(to: collection.name) { (writer) throws(CatalogError) in
      try connection.cached("DELETE FROM mirror_conflicts WHERE collection_id = ? AND item = ?")
        .bind(.integer(collection.id), .integer(conflict.item)).runWithoutWaiting()
      let present = try writer.fields(ofItem: conflict.item) != nil
      switch (conflict.local, present) {
      case (nil, true): try writer.remove(.number(conflict.item))
      case (nil, false): break
      case (let local?, true): try writer.update(.number(conflict.item), local)
      case (let local?, false): _ = try writer.add(local)
      }
    }.summary
  }

  /// Runs `body` with an applier of server state to the mirror `name`, in one write that commits
  /// even when no item changed (what it records of the mirror must be kept).
  private func mirrorWrite(
    to name: String?, notes: CollectionNotes? = nil,
    _ body: (MirrorApplier, CollectionInfo) throws(CatalogError) -> Void
  ) throws(CatalogError) -> WriteSummary {
    try versionedWrite { () throws(CatalogError) in
      let collection = try resolveCollection(named: name)
      try connection.lockCollection(named: collection.name)
      guard try MirrorQueue.isMirror(collection.id, on: connection) else {
        throw .invalidRequest("'\(collection.name)' is not a mirror of a server's collection")
      }
      isApplyingMirror = true
      defer { isApplyingMirror = false }
      let writer = try CollectionWriter(catalog: self, collection: collection)
      try body(try MirrorApplier(catalog: self, collection: collection, writer: writer), collection)
      let reloads =
        try notes.map { (notes) throws(CatalogError) in
          try takeServerNotes(notes, into: collection)
        } ?? false
      return try finishMirrorWrite(writer, of: collection, reloads: reloads)
    }
  }

  /// Finishes a write to the mirror `collection` through `writer`: its change sets, or, when
  /// `reloads` (its header and footer changed, which a change set has no place for), a reload.
  func finishMirrorWrite(
    _ writer: CollectionWriter, of collection: CollectionInfo, reloads: Bool
  ) throws(CatalogError) -> WriteOutcome<WriteSummary> {
    writer.logsNoChangeSets = reloads
    let outcome = try writer.finish()
    return .changed { (version) throws(CatalogError) in
      if reloads {
        try self.logReload(ofCollection: collection.id, named: collection.name, version: version)
      }
      if case .changed(let record) = outcome { return try record(version) }
      return WriteSummary(version: version)
    }
  }

  /// Makes the mirror's notes the server's, with the device's pending `annotate`s on top, and
  /// records the server's version of them; returns whether the mirror's changed.
  func takeServerNotes(_ notes: CollectionNotes, into mirror: CollectionInfo)
    throws(CatalogError) -> Bool
  {
    try connection.prepare("UPDATE mirrors SET notes_version = ?2 WHERE collection_id = ?1")
      .bind(.integer(mirror.id), .integer(notes.version)).run()
    var before = try self.notes(of: mirror)
    try replaceNotes(of: mirror.id, with: notes)
    let pending = try connection.prepare(
      "SELECT fields FROM mirror_writes WHERE collection_id = ? AND kind = ? ORDER BY number")
    try pending.bind(.integer(mirror.id), .text(MirrorWrite.Kind.notes.rawValue))
    while try pending.step() {
      if let change = NoteChange(fields: MirrorQueue.decode(pending.stringArray(at: 0))) {
        _ = try apply(change, to: mirror)
      }
    }
    before.version = 0
    var after = try self.notes(of: mirror)
    after.version = 0
    return after != before
  }
}
