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

  // MARK: - Copying

  /// The copy of a server collection in progress under the local name `name`, if any.
  public func mirrorCopy(named name: String) throws(CatalogError) -> MirrorCopyProgress? {
    let statement = try connection.cached(
      """
      SELECT url, identity, version, after, complete, settings,
        (SELECT coalesce(sum(items), 0) FROM mirror_copy_pages p WHERE p.name = c.name)
      FROM mirror_copies c WHERE name = ?
      """)
    try statement.bind(.text(name))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return MirrorCopyProgress(
      url: statement.text(at: 0), identity: statement.text(at: 1), version: statement.int(at: 2),
      after: statement.isNull(at: 3) ? nil : statement.int(at: 3),
      isComplete: statement.int(at: 4) != 0, settings: statement.text(at: 5),
      itemsCopied: statement.int(at: 6))
  }

  /// Begins a copy of a server collection as of server version `version`, forgetting any other
  /// copy under this name; nothing of it is visible until `finishMirrorCopy`.
  public func startMirrorCopy(
    named name: String, url: String, identity: String, version: Int, settings: String
  ) throws(CatalogError) {
    try connection.transaction { () throws(CatalogError) in
      try forgetMirrorCopy(named: name)
      try connection.prepare(
        """
        INSERT INTO mirror_copies (name, url, identity, version, after, complete, settings)
        VALUES (?, ?, ?, ?, NULL, 0, ?)
        """
      ).bind(.text(name), .text(url), .text(identity), .integer(version), .text(settings)).run()
    }
  }

  /// Keeps one page of a copy, with where the next begins, in one transaction: a copy cut off
  /// goes on from the last page kept.
  ///
  /// - Throws: `CatalogError.invalidRequest` when no copy is under way under `name`, or the
  ///   page's columns are not the copy's.
  public func addMirrorCopyPage(named name: String, _ page: MirrorCopyPage, isLast: Bool)
    throws(CatalogError)
  {
    try connection.transaction { () throws(CatalogError) in
      guard let copy = try mirrorCopy(named: name) else {
        throw .invalidRequest("no copy of a server collection is under way for '\(name)'")
      }
      guard Self.columns(inSettings: copy.settings) == page.columns else {
        throw .invalidRequest(
          "a page of the copy of '\(name)' has the columns \(page.columns.joined(separator: ",")), "
            + "not the copy's")
      }
      try connection.cached(
        """
        INSERT INTO mirror_copy_pages (name, page, items, body)
        SELECT ?1, coalesce(max(page), 0) + 1, ?2, ?3 FROM mirror_copy_pages WHERE name = ?1
        """
      ).bind(.text(name), .integer(page.itemCount), .blob(Array(page.records))).run()
      try connection.cached(
        """
        UPDATE mirror_copies SET after = coalesce(?, after), complete = ? WHERE name = ?
        """
      ).bind(page.lastItem.map(SQLValue.integer) ?? .null, .integer(isLast ? 1 : 0), .text(name))
        .run()
    }
  }

  /// Forgets the copy under `name` and its pages.
  private func forgetMirrorCopy(named name: String) throws(CatalogError) {
    try connection.prepare("DELETE FROM mirror_copy_pages WHERE name = ?").bind(.text(name)).run()
    try connection.prepare("DELETE FROM mirror_copies WHERE name = ?").bind(.text(name)).run()
  }

  /// Swaps a complete copy in, in one write: a new collection made with the device's settings
  /// (`options`: locale, groupings, search…), or, for a mirror there is, its items made the
  /// copy's with the pending local writes kept on top. Watchers get a reload or the change sets.
  ///
  /// - Throws: `CatalogError.invalidRequest` when no complete copy is kept under `name`.
  @discardableResult
  public func finishMirrorCopy(named name: String, options: ImportOptions) throws(CatalogError)
    -> WriteSummary
  {
    try connection.withLargeWrite(.wholeCollection) { () throws(CatalogError) in
      try versionedWrite { () throws(CatalogError) in
        guard let copy = try mirrorCopy(named: name), copy.isComplete else {
          throw .invalidRequest("no complete copy of a server collection is kept for '\(name)'")
        }
        try connection.lockCollection(named: name)
        let outcome: WriteOutcome<WriteSummary>
        if let mirror = try collection(named: name) {
          guard try MirrorQueue.isMirror(mirror.id, on: connection) else {
            throw .collectionExists(name: name)
          }
          outcome = try swapCopy(copy, named: name, into: mirror)
        } else {
          outcome = try importCopy(copy, named: name, options: options)
        }
        try forgetMirrorCopy(named: name)
        return outcome
      }
    }
  }

  /// Makes the new mirror `name` of a complete copy as an import of its pages (read as one CSV
  /// file), its items numbered as the server numbers them.
  private func importCopy(_ copy: MirrorCopyProgress, named name: String, options: ImportOptions)
    throws(CatalogError) -> WriteOutcome<WriteSummary>
  {
    var options = options
    options.collection = name
    options.mode = .create
    let path = try copyFile(named: name, columns: Self.columns(inSettings: copy.settings))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader: CSVReader
    do { reader = try CSVReader(path: path) } catch { throw .csv(error) }
    let imported = try importAll(
      from: reader, named: name, options: options, replacing: nil,
      numbering: .leadingFields(count: MirrorCopyPage.leadingColumnCount), progress: nil)
    guard let mirror = try collection(named: name), case .changed(let record) = imported else {
      throw .invalidRequest("the copy of '\(name)' made no collection")
    }
    try connection.prepare(
      """
      INSERT INTO mirrors (collection_id, url, identity, reached, mirror_id)
      VALUES (?, ?, ?, ?, ?)
      """
    ).bind(
      .integer(mirror.id), .text(copy.url), .text(copy.identity), .integer(copy.version),
      .text(UUID().uuidString.lowercased())
    ).run()
    // An upload's If-Match names the item's server version, and the server takes any version
    // since which the item has not changed: the copy's is one, for every item of it.
    try connection.prepare(
      """
      INSERT INTO mirror_items (collection_id, item, version)
      SELECT collection_id, item, ?2 FROM items WHERE collection_id = ?1
      """
    ).bind(.integer(mirror.id), .integer(copy.version)).run()
    return .changed { (version) throws(CatalogError) in try record(version).changes }
  }

  /// The pages of the complete copy `name` as one CSV file in the temporary directory: the
  /// pages' header, then their lines in order. The caller removes it.
  private func copyFile(named name: String, columns: [String]) throws(CatalogError) -> String {
    let path = NSTemporaryDirectory() + "catalog-mirror-\(UUID().uuidString).csv"
    let header = MirrorCopyPage.headerLine(columns: columns)
    guard FileManager.default.createFile(atPath: path, contents: Data(header)),
      let file = FileHandle(forWritingAtPath: path)
    else {
      throw .invalidRequest("cannot write a scratch file in \(NSTemporaryDirectory())")
    }
    defer { try? file.close() }
    let pages = try connection.prepare(
      "SELECT body FROM mirror_copy_pages WHERE name = ? ORDER BY page")
    try pages.bind(.text(name))
    do {
      try file.seekToEnd()
      while try pages.step() { try file.write(contentsOf: Data(pages.blobBytes(at: 0))) }
    } catch {
      try? FileManager.default.removeItem(atPath: path)
      throw error as? CatalogError
        ?? .invalidRequest("cannot write the copy of '\(name)' to \(path): \(error)")
    }
    return path
  }

  /// Makes the items of the mirror `collection` the complete copy's, with the pending local
  /// writes kept on top, as server versions are applied.
  private func swapCopy(_ copy: MirrorCopyProgress, named name: String, into target: CollectionInfo)
    throws(CatalogError) -> WriteOutcome<WriteSummary>
  {
    // The server's columns may have changed with its collection: fields go by name.
    let columns = Self.columns(inSettings: copy.settings)
    try stageCopyItems(named: name, columns: columns, keyColumn: target.keyColumn)
    isApplyingMirror = true
    defer { isApplyingMirror = false }
    let writer = try CollectionWriter(catalog: self, collection: target)
    // A collection made anew numbers its items anew: pending writes follow their items' keys to
    // the new numbers (their If-Match then fails, and they are merged).
    try connection.prepare(
      """
      UPDATE mirror_writes SET item = (SELECT c.item FROM mirror_copy_items c
        WHERE c.name = ?2 AND c.key = mirror_writes.key)
      WHERE collection_id = ?1 AND item < ?3 AND key IS NOT NULL AND EXISTS
        (SELECT 1 FROM mirror_copy_items c WHERE c.name = ?2 AND c.key = mirror_writes.key)
      """
    ).bind(.integer(target.id), .text(name), .integer(Self.firstLocalItem)).run()
    // Items the copy no longer has go first, then every item the copy has is applied as a server
    // version would be, pending local writes on top.
    let gone = try connection.prepare(
      """
      SELECT m.item FROM mirror_items m WHERE m.collection_id = ?1 AND NOT EXISTS
        (SELECT 1 FROM mirror_copy_items c WHERE c.name = ?2 AND c.item = m.item)
      """)
    try gone.bind(.integer(target.id), .text(name))
    var removed: [Int] = []
    while try gone.step() { removed.append(gone.int(at: 0)) }
    let applier = try MirrorApplier(catalog: self, collection: target, writer: writer)
    for item in removed {
      try applier.apply(ServerItem(item: item, key: nil, version: copy.version, fields: nil))
    }
    let staged = try connection.prepare(
      "SELECT item, key, version, fields FROM mirror_copy_items WHERE name = ? ORDER BY item")
    try staged.bind(.text(name))
    while try staged.step() {
      let values = staged.stringArray(at: 3)
      try applier.apply(
        ServerItem(
          item: staged.int(at: 0), key: staged.optionalText(at: 1), version: staged.int(at: 2),
          fields: Dictionary(
            zip(columns, values).map { ($0, $1) }, uniquingKeysWith: { $1 })))
    }
    try connection.prepare(
      """
      UPDATE mirrors SET identity = ?2, reached = ?3, url = ?4 WHERE collection_id = ?1
      """
    ).bind(.integer(target.id), .text(copy.identity), .integer(copy.version), .text(copy.url))
      .run()
    // The notes of the collection made anew come with the next changes (from version 0 on).
    let hadNotes = try takeServerNotes(
      CollectionNotes(version: 0, header: nil, footer: nil, sections: []), into: target)
    writer.logsNoChangeSets = hadNotes
    try connection.prepare("DELETE FROM mirror_items WHERE collection_id = ?")
      .bind(.integer(target.id)).run()
    try connection.prepare(
      """
      INSERT INTO mirror_items (collection_id, item, version)
      SELECT ?, item, version FROM mirror_copy_items WHERE name = ?
      """
    ).bind(.integer(target.id), .text(name)).run()
    try connection.prepare("DELETE FROM mirror_copy_items WHERE name = ?").bind(.text(name)).run()
    let outcome = try writer.finish()
    return .changed { (version) throws(CatalogError) in
      if hadNotes {
        try self.logReload(ofCollection: target.id, named: target.name, version: version)
      }
      if case .changed(let record) = outcome { return try record(version) }
      return WriteSummary(version: version)
    }
  }

  /// Spells out the pages of the copy `name` (of `columns`) as rows of `mirror_copy_items`, each
  /// with its key in `keyColumn`, for a swap that goes item by item.
  private func stageCopyItems(named name: String, columns: [String], keyColumn: String?)
    throws(CatalogError)
  {
    let keyPosition = keyColumn.flatMap { columns.firstIndex(of: $0) }
    let leading = MirrorCopyPage.leadingColumnCount
    let insert = try connection.prepare(
      "INSERT INTO mirror_copy_items (name, item, key, version, fields) VALUES (?, ?, ?, ?, ?)")
    let path = try copyFile(named: name, columns: columns)
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let reader = try CSVReader(path: path)
      while let record = try reader.next() {
        guard let item = Int(record.fields[0]), let version = Int(record.fields[1]) else {
          throw CatalogError.invalidRequest(
            "the copy of '\(name)' has a line that names no item and version")
        }
        let fields = Array(record.fields.dropFirst(leading))
        try insert.bind(
          .text(name), .integer(item),
          keyPosition.map { .text(String(fields[$0].canonicalValue)) } ?? .null,
          .integer(version), .text(JSONText.array(fields))
        ).run()
      }
    } catch let error as CSVError {
      throw .csv(error)
    } catch {
      throw error as? CatalogError ?? .invalidRequest("\(error)")
    }
  }

  /// The columns of a server collection's record as `startMirrorCopy` keeps it.
  static func columns(inSettings settings: String) -> [String] {
    let object = try? JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any]
    return object?["columns"] as? [String] ?? []
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
  }

  /// Makes the mirror's notes the server's, with the device's pending `annotate`s on top, and
  /// records the server's version of them; returns whether the mirror's changed.
  private func takeServerNotes(_ notes: CollectionNotes, into mirror: CollectionInfo)
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
