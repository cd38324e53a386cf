/// Applies the server's state to a mirrored collection inside one write, keeping the device's
/// pending writes on top (DESIGN §16): what `Catalog.applyServerItems`, a re-copy and the answers
/// to uploads share.
final class MirrorApplier {
  private let connection: any DatabaseConnection
  private let collection: CollectionInfo
  private let writer: CollectionWriter
  private let keyPosition: Int?

  init(catalog: Catalog, collection: CollectionInfo, writer: CollectionWriter)
    throws(CatalogError)
  {
    connection = catalog.connection
    self.collection = collection
    self.writer = writer
    keyPosition = collection.keyColumn.flatMap { collection.columns.firstIndex(of: $0) }
  }

  /// Makes the item what the server says, with the pending writes on it on top.
  func apply(_ change: ServerItem) throws(CatalogError) {
    let pending = try pendingWrites(onItem: change.item)
    var target = change.fields.map { fields in collection.columns.map { fields[$0] ?? "" } }
    if let fields = change.fields {
      try setServerVersion(change.version, of: change.item)
      if let key = change.key ?? keyPosition.map({ String(target![$0].canonicalValue) }) {
        try makeRoom(forKey: key, item: change.item, server: fields)
      }
    } else {
      try connection.cached("DELETE FROM mirror_items WHERE collection_id = ? AND item = ?")
        .bind(.integer(collection.id), .integer(change.item)).runWithoutWaiting()
    }
    if target == nil, let first = pending.first {
      // Removed on the server: the device's changes to it are a conflict; its removal is moot.
      if pending.contains(where: { $0.kind != .remove }) {
        try keepConflict(item: change.item, key: first.key, base: first.baseFields, server: nil)
      } else {
        try dropWrites(onItem: change.item)
      }
    }
    if target != nil {
      for write in pending {
        if write.kind == .remove {
          target = nil
          break
        }
        for (column, value) in write.fields {
          if let position = collection.columns.firstIndex(of: column) {
            target![position] = value
          }
        }
      }
    }
    let local = try writer.fields(ofItem: change.item)
    switch (local, target) {
    case (nil, nil): break
    case (let local?, nil): try writer.remove(item: change.item, fields: local)
    case (nil, let target?): try writer.add(fields: target, number: change.item)
    case (let local?, let target?): try writer.update(item: change.item, from: local, to: target)
    }
  }

  /// Before a server item with `key` is written, an item of the device's with that key goes: one
  /// added on the device is a conflict (both added the key), any other is the server's and gets
  /// its own change later in the same order.
  private func makeRoom(forKey key: String, item: Int, server: [String: String])
    throws(CatalogError)
  {
    guard let other = try writer.storedItem(key: key), other.item != item else { return }
    if other.item >= Catalog.firstLocalItem {
      try keepConflict(item: other.item, key: key, base: nil, server: server)
      try dropLocalItem(other.item)
    } else {
      try writer.remove(item: other.item, fields: other.fields)
    }
  }

  /// Keeps a conflict on `item`, with the device's fields as they are now, and drops the item's
  /// pending writes.
  func keepConflict(
    item: Int, key: String?, base: [String: String]?, server: [String: String]?
  ) throws(CatalogError) {
    let local = try writer.fields(ofItem: item)
    func encoded(_ fields: [String: String]?) -> SQLValue {
      fields.map { fields in
        .text(MirrorQueue.encode(collection.columns.map { ($0, fields[$0] ?? "") }))
      } ?? .null
    }
    try connection.cached("DELETE FROM mirror_conflicts WHERE collection_id = ? AND item = ?")
      .bind(.integer(collection.id), .integer(item)).runWithoutWaiting()
    try connection.cached(
      """
      INSERT INTO mirror_conflicts (collection_id, item, key, base, local, server)
      VALUES (?, ?, ?, ?, ?, ?)
      """
    ).bind(
      .integer(collection.id), .integer(item), key.map(SQLValue.text) ?? .null, encoded(base),
      local.map { .text(MirrorQueue.encode(zip(collection.columns, $0).map { ($0, $1) })) }
        ?? .null,
      encoded(server)
    ).runWithoutWaiting()
    try dropWrites(onItem: item)
  }

  /// Removes an item the device added, with its pending writes (not queued: the server never
  /// had it).
  func dropLocalItem(_ item: Int) throws(CatalogError) {
    if let fields = try writer.fields(ofItem: item) {
      try writer.remove(item: item, fields: fields)
    }
    try dropWrites(onItem: item)
  }

  /// An added item takes the number the server gave it, and so do the later writes on it.
  func renumber(_ local: Int, to server: Int) throws(CatalogError) {
    if let fields = try writer.fields(ofItem: local) {
      try writer.remove(item: local, fields: fields)
      try writer.add(fields: fields, number: server)
    }
    try connection.cached(
      "UPDATE mirror_writes SET item = ?3 WHERE collection_id = ?1 AND item = ?2"
    ).bind(.integer(collection.id), .integer(local), .integer(server)).runWithoutWaiting()
    try connection.cached(
      "UPDATE mirror_conflicts SET item = ?3 WHERE collection_id = ?1 AND item = ?2"
    ).bind(.integer(collection.id), .integer(local), .integer(server)).runWithoutWaiting()
  }

  func setServerVersion(_ version: Int, of item: Int) throws(CatalogError) {
    try connection.cached(
      """
      INSERT INTO mirror_items (collection_id, item, version) VALUES (?, ?, ?)
      ON CONFLICT (collection_id, item) DO UPDATE SET version = excluded.version
      """
    ).bind(.integer(collection.id), .integer(item), .integer(version)).runWithoutWaiting()
  }

  /// Takes write `number` out of the queue.
  func takeWrite(_ number: Int) throws(CatalogError) -> MirrorWrite? {
    guard let write = try pendingWrite(number) else { return nil }
    try connection.cached("DELETE FROM mirror_writes WHERE collection_id = ? AND number = ?")
      .bind(.integer(collection.id), .integer(number)).runWithoutWaiting()
    return write
  }

  func pendingWrite(_ number: Int) throws(CatalogError) -> MirrorWrite? {
    try MirrorQueue.writes(
      try connection.cached(
        """
        SELECT number, kind, item, key, fields, base_version, base_fields FROM mirror_writes
        WHERE collection_id = ? AND number = ?
        """
      ).bind(.integer(collection.id), .integer(number))
    ).first
  }

  private func pendingWrites(onItem item: Int) throws(CatalogError) -> [MirrorWrite] {
    try MirrorQueue.writes(
      try connection.cached(
        """
        SELECT number, kind, item, key, fields, base_version, base_fields FROM mirror_writes
        WHERE collection_id = ? AND item = ? ORDER BY number
        """
      ).bind(.integer(collection.id), .integer(item)))
  }

  private func dropWrites(onItem item: Int) throws(CatalogError) {
    try connection.cached("DELETE FROM mirror_writes WHERE collection_id = ? AND item = ?")
      .bind(.integer(collection.id), .integer(item)).runWithoutWaiting()
  }
}
