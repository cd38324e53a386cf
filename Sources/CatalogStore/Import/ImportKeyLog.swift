/// The keys of a new collection's records, as an import reads them. The items table's unique
/// index on the key refuses a duplicate as the rows are inserted, in bulk, with no lookup per row;
/// the log keeps each key with its record's line in a scratch file (so memory does not grow with
/// the file), and when the import fails, it finds the first record whose key an earlier one had,
/// so that the error names both lines.
final class ImportKeyLog {
  let keyColumn: ImportKeyColumn
  private var buffer: [UInt8] = []
  private var scratch: ScratchFile?
  private var written = 0

  /// The bytes of keys held before they are written to the scratch file.
  private static let bufferBytes = 256 << 10

  init(keyColumn: ImportKeyColumn) {
    self.keyColumn = keyColumn
    buffer.reserveCapacity(Self.bufferBytes + 4096)
  }

  /// The record's trimmed key, logged with its line.
  ///
  /// - Throws: `CatalogError.csv` with `.blankKey` at the record's line; `.scratchFile`.
  func add(_ field: String, line: Int) throws(CatalogError) -> String {
    let key = try keyColumn.key(of: field, line: line)
    Self.appendEntry(key: key.utf8, line: line, to: &buffer)
    if buffer.count >= Self.bufferBytes { try flush() }
    return key
  }

  /// The error to report for an import of the logged records that failed with `failure`: the
  /// first duplicate key, located, when there is one (the insert that failed met it, or would
  /// have), else `failure` itself. An interrupted import stays interrupted.
  func explain(_ failure: CatalogError) -> CatalogError {
    if case .interrupted = failure { return failure }
    return (try? firstDuplicate()).flatMap { $0 } ?? failure
  }

  /// The first record, in file order, whose key an earlier record had, as the error about it.
  func firstDuplicate() throws(CatalogError) -> CatalogError? {
    try flush()
    guard let scratch else { return nil }
    // Sorted by key (its length first, so that a key's entries are together) and then by line.
    let sorter = ExternalSorter()
    try forEachEntry(in: scratch) { (key, line) throws(CatalogError) in
      if let full = sorter.add({ Self.appendEntry(key: key, line: line, to: &$0) }) {
        try sorter.spill(full)
      }
    }
    var previous: [UInt8] = []
    var previousLine = 0
    var first: (line: Int, firstLine: Int, key: [UInt8])?
    try ExternalSorter.forEachInOrder(of: [sorter]) { entry in
      let key = Array(entry[4..<entry.count - 8])
      let line = Self.line(in: entry)
      if key != previous {
        previous = key
        previousLine = line
      } else if first.map({ line < $0.line }) ?? true {
        first = (line, previousLine, key)
      }
      return true
    }
    return first.map {
      keyColumn.error(
        .duplicateKey(String(decoding: $0.key, as: UTF8.self), firstLine: $0.firstLine),
        line: $0.line)
    }
  }

  // MARK: - Entries

  /// An entry: the key's length (4 bytes) and bytes, then the line (8 bytes), all big-endian, so
  /// that entries in byte order are grouped by key and in line order within a key.
  private static func appendEntry<Key: Collection<UInt8>>(
    key: Key, line: Int, to bytes: inout [UInt8]
  ) {
    withUnsafeBytes(of: UInt32(key.count).bigEndian) { bytes += $0 }
    bytes += key
    withUnsafeBytes(of: UInt64(line).bigEndian) { bytes += $0 }
  }

  private static func line(in entry: UnsafeRawBufferPointer) -> Int {
    Int(entry[entry.count - 8..<entry.count].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
  }

  private func flush() throws(CatalogError) {
    guard !buffer.isEmpty else { return }
    if scratch == nil { scratch = try ScratchFile() }
    try buffer.withBytes(buffer.indices) { (bytes) throws(CatalogError) in
      try scratch?.write(bytes, at: written)
    }
    written += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  /// Calls `body` with each logged key and line, in file order.
  private func forEachEntry(
    in scratch: ScratchFile, _ body: (ArraySlice<UInt8>, Int) throws(CatalogError) -> Void
  ) throws(CatalogError) {
    var chunk = [UInt8](repeating: 0, count: Self.bufferBytes)
    var pending: [UInt8] = []
    var offset = 0
    while offset < written {
      let count = try chunk.withUnsafeMutableBytes { bytes in
        Result { () throws(CatalogError) in try scratch.read(into: bytes, at: offset) }
      }.get()
      guard count > 0 else { break }
      offset += count
      pending += chunk[0..<count]
      var position = 0
      while pending.count - position >= 4 {
        let length = pending[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
        let end = position + 4 + length + 8
        guard end <= pending.count else { break }
        let line = pending[end - 8..<end].reduce(0) { $0 << 8 | Int($1) }
        try body(pending[position + 4..<end - 8], line)
        position = end
      }
      pending.removeFirst(position)
    }
  }
}
