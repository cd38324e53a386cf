import Synchronization

/// Counts the change streams being sent, so that no more than `ServerLimits.streams` hold
/// connections at once.
final class StreamSlots: Sendable {
  let limit: Int
  private let taken = Mutex(0)

  init(limit: Int) { self.limit = limit }

  /// One of the slots, given back when the returned value goes away; nil when all are taken.
  func take() -> Slot? {
    let granted = taken.withLock { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
    return granted ? Slot(slots: self) : nil
  }

  /// One stream's place, held for as long as the stream lasts.
  final class Slot {
    private let slots: StreamSlots

    fileprivate init(slots: StreamSlots) { self.slots = slots }

    deinit { slots.taken.withLock { $0 -= 1 } }
  }
}
