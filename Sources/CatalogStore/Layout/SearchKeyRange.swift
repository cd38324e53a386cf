/// The search keys of one search index that start with a query's key: the keys from the query's
/// key up to, not including, its successor, which the primary key of `search_keys` finds as one
/// range.
struct SearchKeyRange {
  let searchIndexID: Int
  let prefix: [UInt8]
  /// The least key after every key that starts with `prefix`; nil when there is none.
  let successor: [UInt8]?

  init(searchIndexID: Int, prefix: [UInt8]) {
    self.searchIndexID = searchIndexID
    self.prefix = prefix
    successor = Self.successor(of: prefix)
  }

  /// The SQL condition on `key` for the range, its bounds numbered from `position` (`bounds`
  /// binds them). Without a successor the range has no upper bound; with one, the bound is in
  /// the condition itself, not behind an `OR … IS NULL`, which kept SQLite from ending the scan
  /// of the index there: a search read every key after its own, 0.15 s of a million items'
  /// three million keys for a search beginning with a digit.
  func condition(from position: Int) -> String {
    successor == nil ? "key >= ?\(position)" : "key >= ?\(position) AND key < ?\(position + 1)"
  }

  /// The values of `condition`'s bounds, in order.
  var bounds: [SQLValue] {
    [.blob(prefix)] + (successor.map { [.blob($0)] } ?? [])
  }

  /// The number of keys in the range, counting no further than `cap`.
  func count(upTo cap: Int, on connection: any DatabaseConnection) throws(CatalogError) -> Int {
    try connection.prepare(
      """
      SELECT count(*) FROM (SELECT 1 FROM search_keys
        WHERE search_index_id = ?1 AND \(condition(from: 2)) LIMIT ?\(bounds.count + 2)) AS matches
      """
    ).bind([.integer(searchIndexID)] + bounds + [.integer(cap)]).stepInteger()
  }

  /// The distinct items that have a key in the range.
  func items(on connection: any DatabaseConnection) throws(CatalogError) -> Set<Int> {
    let statement = try connection.prepare(
      "SELECT item FROM search_keys WHERE search_index_id = ?1 AND \(condition(from: 2))")
    try statement.bind([.integer(searchIndexID)] + bounds)
    var items = Set<Int>()
    while try statement.step() { items.insert(statement.int(at: 0)) }
    return items
  }

  /// Whether `key` is in the range: whether it starts with the prefix.
  func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    key.starts(with: prefix)
  }

  /// The smallest key greater than every key that starts with `key`, or nil when there is none
  /// (all bytes 0xFF).
  static func successor(of key: [UInt8]) -> [UInt8]? {
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
