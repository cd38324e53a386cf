import Foundation

/// A queue between one producing thread and one or more consuming threads that holds at most
/// `capacity` elements, so a fast producer waits instead of filling memory.
///
/// `@unchecked Sendable`: every access to the buffer and flags happens under `condition`.
package final class BoundedChannel<Element: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let capacity: Int
  private var buffer: [Element] = []
  private var isFinished = false
  private var isCancelled = false

  package init(capacity: Int) { self.capacity = capacity }

  /// Waits for room and adds `element`; returns false, dropping it, once the consumer cancelled.
  package func send(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while buffer.count >= capacity && !isCancelled { condition.wait() }
    guard !isCancelled else { return false }
    buffer.append(element)
    condition.broadcast()
    return true
  }

  /// Tells the consumer that nothing more will come.
  package func finish() {
    condition.lock()
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for the next element; nil once the producer finished and the buffer is empty.
  package func receive() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while buffer.isEmpty && !isFinished { condition.wait() }
    guard !buffer.isEmpty else { return nil }
    let element = buffer.removeFirst()
    condition.broadcast()
    return element
  }

  /// Tells the producer to stop: its next `send` returns false.
  package func cancel() {
    condition.lock()
    isCancelled = true
    buffer.removeAll()
    condition.broadcast()
    condition.unlock()
  }
}

extension BoundedChannel {
  /// Runs `produce` on a new thread, sending into a channel of `capacity` elements, while
  /// `consume` receives from it on this one. Returns when both are done: when `consume` returns
  /// or throws first, the producer's next `send` returns false and it is waited for.
  static func pipe<Result>(
    capacity: Int, produce: @escaping @Sendable (BoundedChannel) -> Void,
    consume: (BoundedChannel) throws(CatalogError) -> Result
  ) throws(CatalogError) -> Result {
    let channel = BoundedChannel(capacity: capacity)
    let producerDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      produce(channel)
      channel.finish()
      producerDone.signal()
    }
    defer {
      channel.cancel()
      producerDone.wait()
    }
    return try consume(channel)
  }

  /// Runs each of `consumers` on a new thread, all receiving from one channel of `capacity`
  /// elements, while `produce` sends into it on this thread. Returns when all are done; when
  /// `produce` throws, the consumers get nothing more and are waited for.
  static func distribute(
    capacity: Int, to consumers: [@Sendable (BoundedChannel) -> Void],
    produce: (BoundedChannel) throws(CatalogError) -> Void
  ) throws(CatalogError) {
    let channel = BoundedChannel(capacity: capacity)
    let consumersDone = DispatchGroup()
    for consume in consumers {
      consumersDone.enter()
      Thread.detachNewThread {
        consume(channel)
        consumersDone.leave()
      }
    }
    defer {
      channel.finish()
      consumersDone.wait()
    }
    do {
      try produce(channel)
    } catch {
      channel.cancel()
      throw error
    }
  }
}
