import Testing

@testable import CatalogStore

/// The external sort that puts a grouping's rows in list order, and the keys it sorts.
struct ExternalSorterTests {
  /// A deterministic source of test bytes (a linear congruential generator).
  struct Bytes {
    var state: UInt64

    mutating func next(below bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }

    /// A key of 0–40 bytes from a small alphabet, so that many keys share long prefixes.
    mutating func key() -> [UInt8] {
      (0..<next(below: 41)).map { _ in UInt8(1 + next(below: 4)) }
    }
  }

  /// A sorter holding `keys`, its full runs spilled.
  func sorter(holding keys: [[UInt8]], runCapacity: Int) throws -> ExternalSorter {
    let sorter = ExternalSorter(runCapacity: runCapacity)
    for key in keys {
      if let full = sorter.add({ $0.append(contentsOf: key) }) { try sorter.spill(full) }
    }
    return sorter
  }

  /// Adds `keys` to a sorter of the given run capacity, spilling every full run, and returns what
  /// comes out in order.
  func sorted(_ keys: [[UInt8]], runCapacity: Int) throws -> [[UInt8]] {
    let sorter = try sorter(holding: keys, runCapacity: runCapacity)
    var output: [[UInt8]] = []
    try ExternalSorter.forEachInOrder(of: [sorter]) { key in
      output.append(Array(key))
      return true
    }
    return output
  }

  @Test(arguments: [64, 1000, 1 << 20])
  func keysComeOutInByteOrder(runCapacity: Int) throws {
    var bytes = Bytes(state: 7)
    let keys = (0..<5000).map { _ in bytes.key() }
    let expected = keys.sorted { $0.lexicographicallyPrecedes($1) }
    #expect(try sorted(keys, runCapacity: runCapacity) == expected)
  }

  @Test func keysLargerThanTheMergeBuffersSurvive() throws {
    let large = (0..<3).map { n in [UInt8](repeating: UInt8(9 - n), count: 300_000) }
    let keys = [[5, 5], large[0], [1], large[1], [9, 9, 9], large[2]]
    let expected = keys.sorted { $0.lexicographicallyPrecedes($1) }
    #expect(try sorted(keys, runCapacity: 1000) == expected)
  }

  @Test func theMergeStopsWhenAsked() throws {
    let sorter = ExternalSorter(runCapacity: 16)
    for byte in UInt8(1)...100 {
      if let full = sorter.add({ $0.append(101 - byte) }) { try sorter.spill(full) }
    }
    var seen: [UInt8] = []
    try ExternalSorter.forEachInOrder(of: [sorter]) { key in
      seen.append(key[0])
      return seen.count < 3
    }
    #expect(seen == [1, 2, 3])
  }

  @Test func aBatchedMergeHandsOverEveryKeyInOrderInFullBatches() throws {
    var bytes = Bytes(state: 11)
    let keys = (0..<3000).map { _ in bytes.key() }
    // Two sorters, as two threads fill them, one of them past several runs.
    let sorters = [
      try sorter(holding: Array(keys[..<2000]), runCapacity: 500),
      try sorter(holding: Array(keys[2000...]), runCapacity: 1 << 20),
    ]
    var closed = false
    let merge = BatchedMerge(sorters: sorters, empty: { [[UInt8]]() }) { batch, key in
      batch.append(Array(key))
      return batch.count == 128
    } close: { _ in
      closed = true
    }
    var batches: [[[UInt8]]] = []
    try merge.forEach { batches.append($0) }
    #expect(closed)
    #expect(batches.flatMap { $0 } == keys.sorted { $0.lexicographicallyPrecedes($1) })
    // 3000 keys: 23 full batches of 128, then the last 56.
    #expect(batches.map(\.count) == Array(repeating: 128, count: 23) + [56])
  }

  @Test func aBatchedMergeStopsWhenTheWriterFails() throws {
    let keys = (UInt8(1)...200).map { [$0] }
    let merge = BatchedMerge(
      sorters: [try sorter(holding: keys, runCapacity: 16)], empty: { [[UInt8]]() }
    ) { batch, key in
      batch.append(Array(key))
      return batch.count == 10
    }
    var written = 0
    #expect(throws: CatalogError.interrupted) {
      try merge.forEach { (_) throws(CatalogError) in
        written += 1
        if written == 2 { throw .interrupted }
      }
    }
    #expect(written == 2)
  }

  @Test func packedKeysGiveBackEachKey() throws {
    var packed = PackedKeys()
    let keys: [[UInt8]] = [[3, 1], [], [7], [0, 0, 9]]
    for key in keys { packed.append(key) }
    #expect(packed.count == 4)
    let unpacked = packed.withKeys { bytes, range in
      (0..<4).map { Array(bytes[range($0)]) }
    }
    #expect(unpacked == keys)
  }

  func rowKey(_ section: SectionEntry, _ sortKey: [UInt8], _ item: Int) -> [UInt8] {
    var key: [UInt8] = []
    ListKey.appendSection(section, to: &key)
    ListKey.appendRow(sortKey: sortKey, item: item, to: &key)
    RowOrderKey.appendSpelling(of: section, to: &key)
    return key
  }

  @Test func rowKeysOrderBySectionThenSortKeyThenItem() {
    // Hand-ordered: letters by position (300 needs two bytes), values by key with a shorter key
    // first, blank values last; within a section by sort key (a prefix first), then by item; the
    // spelling at the end never decides.
    let ordered = [
      rowKey(.letter(0), [0x30, 0x31], 5),
      rowKey(.letter(1), [0x05], 9),
      rowKey(.letter(1), [0x05, 0x01], 2),
      rowKey(.letter(1), [0x05, 0x01], 10),
      rowKey(.letter(300), [0x01], 0),
    ]
    #expect(ordered == ordered.sorted { $0.lexicographicallyPrecedes($1) })
    let values = [
      rowKey(.value(key: [0x29], spelling: "b"), [0x40], 3),
      rowKey(.value(key: [0x29, 0x2B], spelling: "a"), [0x05], 1),
      rowKey(.value(key: [0x29, 0x2B], spelling: "Z"), [0x05], 2),
      rowKey(.value(key: [0xFE, 0xFE], spelling: "y"), [0x05], 0),
      rowKey(.value(key: [], spelling: ""), [0x01], 2),
    ]
    #expect(values == values.sorted { $0.lexicographicallyPrecedes($1) })
  }

  @Test func rowKeysGiveBackTheirParts() {
    for (entry, section, sortKey, item, spelling) in [
      (
        SectionEntry.letter(300), [UInt8](arrayLiteral: 1, 2, 46, 0), [UInt8](arrayLiteral: 0x2A),
        0, ""
      ),
      (
        .value(key: [0x50, 0x51], spelling: "Québec"), [1, 0x50, 0x51, 0], [0x33, 0x01],
        1_000_000, "Québec"
      ),
      (.value(key: [], spelling: ""), [2, 0], [0x01, 0x01], Int(Int32.max) + 5, ""),
    ] {
      let key = rowKey(entry, sortKey, item)
      let row = key.withUnsafeBytes { bytes in
        let row = RowOrderKey.decode(bytes)
        return (
          Array(row.section), Array(row.key), row.item,
          String(decoding: row.spelling, as: UTF8.self)
        )
      }
      let itemBytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: item >> ($0 * 8)) }
      #expect(row.0 == section)
      #expect(row.1 == section + sortKey + [0] + itemBytes)
      #expect(row.2 == item)
      #expect(row.3 == spelling)
      #expect(ListKey.section(ofRow: row.1) == section)
      #expect(ListKey.item(ofRow: row.1) == item)
    }
    #expect(ListKey.letterPosition(ofSection: [1, 2, 46, 0]) == 300)
  }
}
