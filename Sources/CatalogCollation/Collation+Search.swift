extension Collation {
  /// The key that `search` looks `query` up by: the primary-strength key of the trimmed query,
  /// its apostrophes (`'` `’` `‘` `ʼ`) written as one, as `SearchKeyMaker` writes them.
  ///
  /// An item matches when this key is a byte prefix of one of its search keys (SQLite:
  /// `key >= ?1 AND key < ?1 || x'FF'`, or `substr(key, 1, length(?1)) = ?1`). A blank query
  /// gives the empty key, which is a prefix of every key.
  public func searchKey(forQuery query: some StringProtocol) -> [UInt8] {
    var units: [UInt16] = []
    Apostrophe.setFoldedUTF16(of: query.trimmingWhiteSpace, in: &units)
    var key: [UInt8] = []
    units.withUnsafeBufferPointer { sectionCollator.sortKey(utf16: $0, into: &key) }
    return key
  }
}
