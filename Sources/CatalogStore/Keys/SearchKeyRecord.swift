import CatalogCollation

/// A search key and its item as one byte string whose byte order is the table's key order: the
/// key (an ICU primary key, which never holds a zero byte), a zero byte, the item (8 bytes,
/// big-endian).
enum SearchKeyRecord {
  static func append(key: some Collection<UInt8>, item: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: key)
    bytes.append(0)
    withUnsafeBytes(of: UInt64(item).bigEndian) { bytes.append(contentsOf: $0) }
  }

  /// The key and the item of a record, the key still in the record's bytes.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> (key: UnsafeRawBufferPointer, item: Int) {
    let keyEnd = bytes.count - 9
    var item: UInt64 = 0
    for byte in bytes[(keyEnd + 1)...] { item = item << 8 | UInt64(byte) }
    return (UnsafeRawBufferPointer(rebasing: bytes[..<keyEnd]), Int(item))
  }
}
