/// A row's place in its grouping's list as one byte string whose byte order (`memcmp`) is list
/// order: the section (a letter's position, or a value's primary key with blank values last), then
/// the item's sort key, then the item number. ICU keys never contain a zero byte (nor do the
/// letter bytes), so a zero byte ends the section and the sort key.
enum RowOrderKey {
  static func append(section: SectionEntry, sortKey: [UInt8], item: Int, to key: inout [UInt8]) {
    switch section {
    case .letter(let position):
      key.append(1)
      key.append(UInt8(position / 255 + 1))
      key.append(UInt8(position % 255 + 1))
    case .value(let valueKey) where valueKey.isEmpty:
      key.append(2)
    case .value(let valueKey):
      key.append(1)
      key.append(contentsOf: valueKey)
    }
    key.append(0)
    key.append(contentsOf: sortKey)
    key.append(0)
    withUnsafeBytes(of: UInt64(item).bigEndian) { key.append(contentsOf: $0) }
  }

  /// The sort key and the item number of a key made by `append`.
  static func decode(_ key: UnsafeRawBufferPointer) -> (sortKey: UnsafeRawBufferPointer, item: Int)
  {
    let sortKeyStart = key.firstIndex(of: 0)! + 1
    let itemStart = key.count - 8
    var item: UInt64 = 0
    for byte in key[itemStart...] { item = item << 8 | UInt64(byte) }
    return (UnsafeRawBufferPointer(rebasing: key[sortKeyStart..<itemStart - 1]), Int(item))
  }
}
