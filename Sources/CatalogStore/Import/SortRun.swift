import Foundation

/// Keys gathered for one run of an external sort, in one buffer, put in byte order (`memcmp`) by
/// `sort()`.
struct SortRun: Sendable {
  /// A key in the buffer: where it is, and its first sixteen bytes as two numbers, which decide
  /// most comparisons without reading the buffer. (Eight were too few: the keys of a list grouped
  /// by a column begin with the column value's ICU key, and values such as "State 2392" share
  /// their first eight bytes.)
  private struct Entry: Sendable {
    let prefix: (UInt64, UInt64)
    let start: UInt32
    let count: UInt32

    var range: Range<Int> { Int(start)..<Int(start + count) }
  }

  private var bytes: [UInt8] = []
  private var entries: [Entry] = []

  /// An empty run with room for `byteCapacity` bytes of keys, so that filling it does not grow
  /// the buffer to twice what it needs.
  init(byteCapacity: Int = 0) {
    bytes.reserveCapacity(byteCapacity)
  }

  /// The bytes the keys take.
  var byteCount: Int { bytes.count }
  var isEmpty: Bool { entries.isEmpty }

  /// Adds the key that `write` appends to the buffer it is given.
  mutating func add(_ write: (inout [UInt8]) -> Void) {
    let start = bytes.count
    write(&bytes)
    entries.append(
      Entry(
        prefix: (bigEndianNumber(at: start), bigEndianNumber(at: start + 8)), start: UInt32(start),
        count: UInt32(bytes.count - start)))
  }

  /// The eight bytes from `start` as a big-endian number, zeros past the last key's end: numbers
  /// in the order of the bytes.
  private func bigEndianNumber(at start: Int) -> UInt64 {
    var number: UInt64 = 0
    for index in start..<start + 8 {
      number = number << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
    }
    return number
  }

  mutating func sort() {
    bytes.withUnsafeBytes { buffer in
      entries.sort { a, b in
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        return Self.precedes(
          UnsafeRawBufferPointer(rebasing: buffer[a.range]),
          UnsafeRawBufferPointer(rebasing: buffer[b.range]))
      }
    }
  }

  /// Calls `body` with each key in the run's order, until it returns false; returns false then.
  func forEach(_ body: (UnsafeRawBufferPointer) throws(CatalogError) -> Bool) throws(CatalogError)
    -> Bool
  {
    for entry in entries {
      guard try bytes.withBytes(entry.range, body) else { return false }
    }
    return true
  }

  /// Passes the keys in the run's order to `write`, each after its length (four bytes,
  /// little-endian), in chunks of about `chunkSize` bytes: the form of a run in the scratch file.
  /// The keys are copied with `memcpy`: two million small appends to an array cost an import a
  /// tenth of a second.
  func encode(chunkSize: Int, _ write: (UnsafeRawBufferPointer) throws(CatalogError) -> Void)
    throws(CatalogError)
  {
    let chunk = UnsafeMutableRawBufferPointer.allocate(
      byteCount: chunkSize + 4 + Int(entries.lazy.map(\.count).max() ?? 0),
      alignment: 8)
    defer { chunk.deallocate() }
    var used = 0
    try bytes.withBytes(bytes.indices) { (keys) throws(CatalogError) in
      for entry in entries {
        chunk.storeBytes(of: entry.count.littleEndian, toByteOffset: used, as: UInt32.self)
        (chunk.baseAddress! + used + 4).copyMemory(
          from: keys.baseAddress! + Int(entry.start), byteCount: Int(entry.count))
        used += 4 + Int(entry.count)
        if used >= chunkSize {
          try write(UnsafeRawBufferPointer(rebasing: chunk[..<used]))
          used = 0
        }
      }
      if used > 0 { try write(UnsafeRawBufferPointer(rebasing: chunk[..<used])) }
    }
  }

  /// Byte order, a proper prefix first.
  static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let common = min(a.count, b.count)
    let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
    return order != 0 ? order < 0 : a.count < b.count
  }
}

extension [UInt8] {
  /// `withUnsafeBytes` over `range`, for a body that throws a typed error (which `rethrows` loses).
  func withBytes<Result, Failure>(
    _ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeBytes { all in
      Swift.Result { () throws(Failure) in try body(UnsafeRawBufferPointer(rebasing: all[range])) }
    }.get()
  }
}
