/// The search keys of one item as they are made: one buffer of bytes and the range of each key,
/// reused from item to item so that making keys allocates nothing once the buffers have grown.
struct SearchKeyList {
  private(set) var bytes: [UInt8] = []
  private(set) var ranges: [Range<Int>] = []
  private var key: [UInt8] = []

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ranges.removeAll(keepingCapacity: true)
  }

  /// Adds the primary-strength key of `text`, unless it is empty or already in the list.
  mutating func add(_ text: UnsafeBufferPointer<UInt16>, collator: Collator) {
    collator.sortKey(utf16: text, into: &key)
    guard !key.isEmpty, !ranges.contains(where: { bytes[$0].elementsEqual(key) }) else { return }
    ranges.append(bytes.count..<bytes.count + key.count)
    bytes.append(contentsOf: key)
  }

  /// Adds the primary-strength key of `text`, unless it is empty or already in the list.
  mutating func add(_ text: [UInt16], collator: Collator) {
    text.withUnsafeBufferPointer { add($0, collator: collator) }
  }
}
