/// Merges the keys of external sorters in order on a second thread, which gathers them into
/// batches, while the thread that asked writes each batch it is handed: the merge runs beside the
/// writing instead of before it. An import writes a list's rows this way, and a search index's
/// keys.
///
/// `@unchecked Sendable`: the merging thread alone uses the sorters and the gathering closures,
/// until it is done.
final class BatchedMerge<Batch: Sendable>: @unchecked Sendable {
  private let sorters: [ExternalSorter]
  private let empty: () -> Batch
  private let gather: (inout Batch, UnsafeRawBufferPointer) -> Bool
  private let close: (inout Batch) -> Void
  private let waitingBatches: Int

  /// - Parameters:
  ///   - waitingBatches: how many batches may wait for the writing thread.
  ///   - empty: a new, empty batch.
  ///   - gather: adds the next key to the batch; true when the batch is full and goes out.
  ///   - close: finishes the last batch, after the last key.
  init(
    sorters: [ExternalSorter], waitingBatches: Int = 16, empty: @escaping () -> Batch,
    gather: @escaping (inout Batch, UnsafeRawBufferPointer) -> Bool,
    close: @escaping (inout Batch) -> Void = { _ in }
  ) {
    self.sorters = sorters
    self.empty = empty
    self.gather = gather
    self.close = close
    self.waitingBatches = waitingBatches
  }

  /// Calls `write` with each batch, in order, on this thread; stops the merge when it throws.
  func forEach(_ write: (Batch) throws(CatalogError) -> Void) throws(CatalogError) {
    try BoundedChannel<Result<Batch, CatalogError>>.pipe(capacity: waitingBatches) { channel in
      self.send(to: channel)
    } consume: { channel throws(CatalogError) in
      while let message = channel.receive() { try write(message.get()) }
    }
  }

  /// Sends the batches in order; stops early when the channel is closed.
  private func send(to channel: BoundedChannel<Result<Batch, CatalogError>>) {
    var batch = empty()
    var open = true
    do throws(CatalogError) {
      try ExternalSorter.forEachInOrder(of: sorters) { key in
        if gather(&batch, key) {
          open = channel.send(.success(batch))
          batch = empty()
        }
        return open
      }
      close(&batch)
      if open { _ = channel.send(.success(batch)) }
    } catch {
      _ = channel.send(.failure(error))
    }
  }
}

/// Byte strings end to end in one buffer: a batch of keys that crosses threads as one value, or
/// the texts of a batch of rows that SQLite reads in place.
struct PackedKeys: Sendable {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []

  var count: Int { ends.count }

  mutating func append(_ key: some Collection<UInt8>) {
    bytes.append(contentsOf: key)
    ends.append(bytes.count)
  }

  /// The key at `index`, copied.
  func key(at index: Int) -> [UInt8] {
    Array(bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
  }

  /// Appends the byte string that `write` appends to the buffer it is given.
  mutating func append(_ write: (inout [UInt8]) -> Void) {
    write(&bytes)
    ends.append(bytes.count)
  }

  /// Calls `body` with the keys' bytes and a function that gives the range of each key in them.
  func withKeys<Result, Failure>(
    _ body: (UnsafeRawBufferPointer, (Int) -> Range<Int>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try bytes.withBytes(bytes.indices) { (buffer) throws(Failure) in
      try body(buffer) { index in (index == 0 ? 0 : ends[index - 1])..<ends[index] }
    }
  }
}
