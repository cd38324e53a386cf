import Foundation

/// The items' keys during a grouping build, in a private temporary SQLite database of their own.
///
/// Its own connection lets another thread than the catalog's fill and sort it: during an import
/// the reading thread inserts the keys as it makes them, and while the catalog's thread appends
/// one grouping's rows, this one's sorter puts the next in order. SQLite deletes the file when the
/// connection closes (and the system when the process dies), so nothing is left behind. Used by
/// one thread at a time, handed over by starting and joining threads; hence `@unchecked Sendable`.
final class BuildKeys: @unchecked Sendable {
  /// Sort keys and items of a grouping's rows in list order, a batch at a time, in one buffer.
  struct Batch: Sendable {
    var sortKeys: [UInt8] = []
    /// Where each row's sort key ends in `sortKeys`.
    var sortKeyEnds: [Int] = []
    var items: [Int] = []

    mutating func append(sortKey: UnsafeRawBufferPointer, item: Int) {
      sortKeys.append(contentsOf: sortKey)
      sortKeyEnds.append(sortKeys.count)
      items.append(item)
    }

    /// The sort key and item of each row, in order.
    func forEach(_ body: (ArraySlice<UInt8>, Int) throws(CatalogError) -> Void)
      throws(CatalogError)
    {
      var start = 0
      for (end, item) in zip(sortKeyEnds, items) {
        try body(sortKeys[start..<end], item)
        start = end
      }
    }
  }

  static let batchSize = 1024
  private let connection: Connection
  private let insert: Statement

  /// Opens the database with one table: the item, then `sortKeyCount` sort keys, then
  /// `sectionCount` section keys; and begins the transaction that fills it.
  init(sortKeyCount: Int, sectionCount: Int) throws(CatalogError) {
    connection = try Connection(path: "", creating: true)
    let columns =
      (0..<sortKeyCount).map { "sort_key_\($0) BLOB" } + (0..<sectionCount).map { "section_\($0)" }
    try connection.execute(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA threads = 2;
      CREATE TABLE keys (item INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")));
      BEGIN
      """)
    let placeholders = Array(repeating: "?", count: columns.count + 1)
    insert = try connection.prepare(
      "INSERT INTO keys VALUES (\(placeholders.joined(separator: ", ")))")
  }

  /// Adds one item's keys.
  func add(_ keys: ItemKeys) throws(CatalogError) {
    insert.reset()
    var position: Int32 = 1
    insert.bind(keys.item, at: position)
    for sortKey in keys.sortKeys {
      position += 1
      insert.bind(sortKey, at: position)
    }
    for section in keys.sections {
      position += 1
      switch section {
      case .letter(let letter): insert.bind(letter, at: position)
      case .value(let key) where key.isEmpty: break
      case .value(let key): insert.bind(key, at: position)
      }
    }
    try insert.run()
  }

  /// Sends the sort keys and items of one grouping in list order, sorted by section (a blank
  /// value's NULL key last), sort key and item; stops early when `send` returns false.
  func sendInOrder(
    sectionColumn: String, sortKeyColumn: String, to send: (Batch) -> Bool
  ) throws(CatalogError) {
    let select = try connection.prepare(
      """
      SELECT \(sortKeyColumn), item FROM keys
      ORDER BY \(sectionColumn) IS NULL, \(sectionColumn), \(sortKeyColumn), item
      """)
    var batch = Batch()
    while try select.step() {
      batch.append(sortKey: select.blobBytes(at: 0), item: select.int(at: 1))
      if batch.items.count == Self.batchSize {
        guard send(batch) else { return }
        batch = Batch()
      }
    }
    if !batch.items.isEmpty { _ = send(batch) }
  }
}
