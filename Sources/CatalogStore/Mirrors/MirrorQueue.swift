/// The queue of a mirrored collection's local writes, written in each local write's own
/// transaction (DESIGN §16); the collection's writer records every add, update and removal here.
final class MirrorQueue {
  private let connection: any DatabaseConnection
  private let collection: CollectionInfo

  /// The queue of `collection`, nil when it mirrors no server's collection.
  init?(collection: CollectionInfo, on connection: any DatabaseConnection) throws(CatalogError) {
    guard try Self.isMirror(collection.id, on: connection) else { return nil }
    self.connection = connection
    self.collection = collection
  }

  static func isMirror(_ collectionID: Int, on connection: any DatabaseConnection)
    throws(CatalogError) -> Bool
  {
    let statement = try connection.cached("SELECT 1 FROM mirrors WHERE collection_id = ?")
    try statement.bind(.integer(collectionID))
    defer { statement.reset() }
    return try statement.step()
  }

  /// Queues a write of `kind` on `item`, setting `fields` (column order), over `old` (the item's
  /// fields before it; nil for an add).
  func record(
    _ kind: MirrorWrite.Kind, item: Int, key: String?, fields: [(String, String)], old: [String]?
  ) throws(CatalogError) {
    var base: (version: Int, fields: String)?
    if let old {
      if let earlier = try earliestBase(of: item) {
        base = earlier.base
      } else if let version = try serverVersion(of: item) {
        base = (version, Self.encode(zip(collection.columns, old).map { ($0, $1) }))
      }
    }
    let number =
      try connection.cached(
        "UPDATE mirrors SET next_write = next_write + 1 WHERE collection_id = ? RETURNING next_write"
      ).bind(.integer(collection.id)).stepInteger() - 1
    try connection.cached(
      """
      INSERT INTO mirror_writes
        (collection_id, number, kind, item, key, fields, base_version, base_fields)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).bind(
      .integer(collection.id), .integer(number), .text(kind.rawValue), .integer(item),
      key.map(SQLValue.text) ?? .null, .text(Self.encode(fields)),
      base.map { .integer($0.version) } ?? .null, base.map { .text($0.fields) } ?? .null
    ).runWithoutWaiting()
  }

  /// Queues an `annotate` of the mirror, which has no base: the server takes the last.
  func record(_ change: NoteChange) throws(CatalogError) {
    try record(
      .notes, item: MirrorWrite.notesItem, key: nil,
      fields: change.fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, old: nil)
  }

  /// The base of the first pending write on `item`: later writes on it share it, as the server
  /// has seen none of them.
  private func earliestBase(of item: Int) throws(CatalogError)
    -> (base: (version: Int, fields: String)?, Void)?
  {
    let statement = try connection.cached(
      """
      SELECT base_version, base_fields FROM mirror_writes
      WHERE collection_id = ? AND item = ? ORDER BY number LIMIT 1
      """)
    try statement.bind(.integer(collection.id), .integer(item))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    guard !statement.isNull(at: 0) else { return (nil, ()) }
    return ((statement.int(at: 0), statement.text(at: 1)), ())
  }

  /// The server version of `item` as the device last had it: its own, or the copy's for an item
  /// of the copy not written since; nil for an item added on the device.
  private func serverVersion(of item: Int) throws(CatalogError) -> Int? {
    guard item < Catalog.firstLocalItem else { return nil }
    let statement = try connection.cached(
      """
      SELECT coalesce(
        (SELECT version FROM mirror_items WHERE collection_id = ?1 AND item = ?2),
        (SELECT copy_version FROM mirrors WHERE collection_id = ?1))
      """)
    try statement.bind(.integer(collection.id), .integer(item))
    defer { statement.reset() }
    return try statement.step() && !statement.isNull(at: 0) ? statement.int(at: 0) : nil
  }

  /// Fields as stored in the mirror tables: a JSON array of column, value, column, value…
  static func encode(_ fields: some Sequence<(String, String)>) -> String {
    JSONText.array(fields.flatMap { [$0.0, $0.1] })
  }

  static func decode(_ array: [String]) -> [String: String] {
    var fields: [String: String] = [:]
    var index = 0
    while index + 1 < array.count {
      fields[array[index]] = array[index + 1]
      index += 2
    }
    return fields
  }

  /// The writes a bound statement selects (number, kind, item, key, fields, base).
  static func writes(_ statement: any DatabaseStatement) throws(CatalogError) -> [MirrorWrite] {
    defer { statement.reset() }
    var writes: [MirrorWrite] = []
    while try statement.step() {
      writes.append(
        MirrorWrite(
          number: statement.int(at: 0),
          kind: MirrorWrite.Kind(rawValue: statement.text(at: 1)) ?? .update,
          item: statement.int(at: 2), key: statement.optionalText(at: 3),
          fields: MirrorQueue.decode(statement.stringArray(at: 4)),
          baseVersion: statement.isNull(at: 5) ? nil : statement.int(at: 5),
          baseFields: statement.isNull(at: 6)
            ? nil : MirrorQueue.decode(statement.stringArray(at: 6))))
    }
    return writes
  }
}
