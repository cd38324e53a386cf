/// What became of a write sent with a key (`Catalog.performOnce(_:_:)`).
public enum IdempotentOutcome: Equatable, Sendable {
  /// The write ran now; its answer is kept with the key, in the write's own transaction.
  case performed(RecordedAnswer)
  /// The same request was sent with the key before: its answer then. Nothing was written.
  case replayed(RecordedAnswer)
  /// The key came with another request before. Nothing was written.
  case keyReused
}
