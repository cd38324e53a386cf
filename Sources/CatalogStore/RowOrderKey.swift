/// A row's place in its grouping's list as one byte string whose byte order (`memcmp`) is list
/// order: the section (a letter's position, or a value's primary key with blank values last), then
/// the item's sort key, then the item number; a value's spelling follows, which never decides the
/// order (item numbers differ) but lets the sections' headings be chosen from the sorted rows. ICU
/// keys never contain a zero byte (nor do the letter bytes), so a zero byte ends the section and
/// the sort key.
enum RowOrderKey {
  /// The parts of a row key.
  struct Row {
    /// The section's part: what rows of one section share.
    let section: UnsafeRawBufferPointer
    let sortKey: UnsafeRawBufferPointer
    let item: Int
    /// A value's spelling in UTF-8; empty for letter grouping.
    let spelling: UnsafeRawBufferPointer
  }

  static func append(section: SectionEntry, sortKey: [UInt8], item: Int, to key: inout [UInt8]) {
    var spelling: Substring = ""
    switch section {
    case .letter(let position):
      key.append(1)
      key.append(UInt8(position / 255 + 1))
      key.append(UInt8(position % 255 + 1))
    case .value(let valueKey, _) where valueKey.isEmpty:
      key.append(2)
    case .value(let valueKey, let valueSpelling):
      key.append(1)
      key.append(contentsOf: valueKey)
      spelling = valueSpelling
    }
    key.append(0)
    key.append(contentsOf: sortKey)
    key.append(0)
    withUnsafeBytes(of: UInt64(item).bigEndian) { key.append(contentsOf: $0) }
    spelling.withUTF8 { key.append(contentsOf: $0) }
  }

  static func decode(_ key: UnsafeRawBufferPointer) -> Row {
    let sectionEnd = key.firstIndex(of: 0)!
    let sortKeyEnd = key[(sectionEnd + 1)...].firstIndex(of: 0)!
    var item: UInt64 = 0
    for byte in key[(sortKeyEnd + 1)..<(sortKeyEnd + 9)] { item = item << 8 | UInt64(byte) }
    return Row(
      section: UnsafeRawBufferPointer(rebasing: key[..<sectionEnd]),
      sortKey: UnsafeRawBufferPointer(rebasing: key[(sectionEnd + 1)..<sortKeyEnd]),
      item: Int(item), spelling: UnsafeRawBufferPointer(rebasing: key[(sortKeyEnd + 9)...]))
  }

  /// The letter position that a letter grouping's section part holds.
  static func letterPosition(ofSection section: [UInt8]) -> Int {
    Int(section[1] - 1) * 255 + Int(section[2] - 1)
  }

  /// The value key that a column grouping's section part holds; empty for blank values.
  static func valueKey(ofSection section: [UInt8]) -> [UInt8] {
    Array(section.dropFirst())
  }
}
