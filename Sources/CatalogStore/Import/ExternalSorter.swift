import Foundation

/// Puts byte-string keys in byte order (`memcmp`) with bounded memory: an external merge sort.
///
/// Keys gather in a `SortRun` of at most `runCapacity` bytes. `add` hands each full run out, to
/// be passed to `spill` (on another thread, if the caller likes), which sorts it and writes it to
/// a scratch file; `forEachInOrder` merges the spilled runs and the last one. Keys that fit in one
/// run never touch the disk. `@unchecked Sendable`: the thread that adds and the one that spills
/// use separate parts (the gathering run; the scratch file and its runs), and are joined before
/// `forEachInOrder`.
final class ExternalSorter: @unchecked Sendable {
  private let runCapacity: Int
  private var gathering: SortRun
  private var scratch: ScratchFile?
  /// The runs spilled so far, as byte ranges of the scratch file.
  private var runs: [Range<Int>] = []

  /// The memory the merge's read buffers take in all, however many runs there are.
  private static let mergeBufferBudget = 4 << 20

  /// The bytes of keys a sorter gathers in memory before it spills them as a run.
  static let defaultRunCapacity = 2 << 20

  init(runCapacity: Int = defaultRunCapacity) {
    self.runCapacity = runCapacity
    gathering = SortRun(byteCapacity: runCapacity + 4096)
  }

  /// Adds the key that `write` appends to the buffer it is given; returns the gathering run when
  /// that made it full, for `spill`.
  func add(_ write: (inout [UInt8]) -> Void) -> SortRun? {
    gathering.add(write)
    guard gathering.byteCount >= runCapacity else { return nil }
    defer { gathering = SortRun(byteCapacity: runCapacity + 4096) }
    return gathering
  }

  /// Sorts a full run and writes it to the scratch file.
  func spill(_ run: SortRun) throws(CatalogError) {
    var run = run
    run.sort()
    if scratch == nil { scratch = try ScratchFile() }
    guard let scratch else { return }
    let start = runs.last?.upperBound ?? 0
    var end = start
    try run.encode(chunkSize: 256 << 10) { (chunk) throws(CatalogError) in
      try scratch.write(chunk, at: end)
      end += chunk.count
    }
    runs.append(start..<end)
  }

  /// Calls `body` with every key of all `sorters` (filled on threads of their own, now joined)
  /// in order, until it returns false; then they forget them all.
  static func forEachInOrder(
    of sorters: [ExternalSorter], _ body: (UnsafeRawBufferPointer) throws(CatalogError) -> Bool
  ) throws(CatalogError) {
    defer {
      for sorter in sorters {
        sorter.gathering = SortRun()
        sorter.runs = []
        sorter.scratch = nil
      }
    }
    if sorters.count == 1, let sorter = sorters.first, sorter.scratch == nil {
      sorter.gathering.sort()
      _ = try sorter.gathering.forEach(body)
      return
    }
    for sorter in sorters where !sorter.gathering.isEmpty { try sorter.spill(sorter.gathering) }
    let runCount = sorters.reduce(0) { $0 + $1.runs.count }
    let bufferSize = max(16 << 10, Self.mergeBufferBudget / max(runCount, 1))
    var merge = RunMerge(
      cursors: sorters.flatMap { sorter in
        sorter.scratch.map { scratch in
          sorter.runs.map { RunCursor(file: scratch, range: $0, bufferSize: bufferSize) }
        } ?? []
      })
    try merge.forEach(body)
  }
}

/// Reads the keys of one run back from the scratch file, a buffer at a time.
private struct RunCursor {
  let file: ScratchFile
  var offset: Int
  let end: Int
  var buffer: [UInt8]
  /// The unread bytes of the buffer.
  var window = 0..<0
  /// The current key, in `buffer`.
  var key = 0..<0

  init(file: ScratchFile, range: Range<Int>, bufferSize: Int) {
    self.file = file
    buffer = [UInt8](repeating: 0, count: bufferSize)
    offset = range.lowerBound
    end = range.upperBound
  }

  /// Calls `body` with the current key.
  func withKey<Result, Failure>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    try buffer.withBytes(key, body)
  }

  /// Moves to the next key; false at the end of the run.
  mutating func advance() throws(CatalogError) -> Bool {
    guard try fill(4) else { return false }
    var length: UInt32 = 0
    withUnsafeMutableBytes(of: &length) {
      $0.copyBytes(from: buffer[window.lowerBound..<window.lowerBound + 4])
    }
    let count = Int(UInt32(littleEndian: length))
    guard try fill(4 + count) else { return false }
    key = window.lowerBound + 4..<window.lowerBound + 4 + count
    window = key.upperBound..<window.upperBound
    return true
  }

  /// Makes the window hold at least `count` bytes, reading more (and growing the buffer for a key
  /// larger than it); false when the run has fewer left.
  private mutating func fill(_ count: Int) throws(CatalogError) -> Bool {
    if window.count >= count { return true }
    if count > buffer.count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
    let kept = window.count
    buffer.withUnsafeMutableBytes {
      $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[window]))
    }
    window = 0..<kept
    while window.count < count && offset < end {
      let wanted = min(buffer.count - window.count, end - offset)
      let free = window.upperBound..<window.upperBound + wanted
      let read = try buffer.withUnsafeMutableBytes { all in
        Result { () throws(CatalogError) in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: all[free]), at: offset)
        }
      }.get()
      guard read > 0 else { break }
      offset += read
      window = 0..<window.upperBound + read
    }
    return window.count >= count
  }
}

/// Merges sorted runs: a binary heap of their cursors, least current key on top.
private struct RunMerge {
  var cursors: [RunCursor]
  var heap: [Int] = []

  init(cursors: [RunCursor]) { self.cursors = cursors }

  /// Calls `body` with every key of every run, in order, until it returns false.
  mutating func forEach(_ body: (UnsafeRawBufferPointer) throws(CatalogError) -> Bool)
    throws(CatalogError)
  {
    for index in cursors.indices where try cursors[index].advance() {
      heap.append(index)
      siftUp(heap.count - 1)
    }
    while let top = heap.first {
      guard try cursors[top].withKey(body) else { return }
      if try !cursors[top].advance() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      }
      siftDown(0)
    }
  }

  private func less(_ a: Int, _ b: Int) -> Bool {
    cursors[a].withKey { first in cursors[b].withKey { second in SortRun.precedes(first, second) } }
  }

  private mutating func siftUp(_ position: Int) {
    var child = position
    while child > 0 {
      let parent = (child - 1) / 2
      guard less(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ position: Int) {
    var parent = position
    while true {
      var least = parent
      for child in 2 * parent + 1...2 * parent + 2
      where child < heap.count && less(heap[child], heap[least]) {
        least = child
      }
      guard least != parent else { return }
      heap.swapAt(parent, least)
      parent = least
    }
  }
}
