/// What the first part of a write (`Catalog.versionedWrite`) found: whether it changed anything,
/// and how to finish it.
enum WriteOutcome<T> {
  /// The write changed the catalog: `record` writes what carries the version it commits (change
  /// sets, the collection's version) and returns the write's result.
  case changed(record: (Int) throws(CatalogError) -> T)
  /// The write changed nothing, so it commits nothing; this is its result.
  case unchanged(T)
}

/// A write's result and whether its transaction is committed.
struct VersionedResult<T> {
  let value: T
  let isCommitted: Bool
}

extension WriteOutcome {
  /// The same outcome with its result transformed.
  func map<U>(_ transform: @escaping (T) -> U) -> WriteOutcome<U> {
    switch self {
    case .changed(let record):
      return .changed { (version) throws(CatalogError) in transform(try record(version)) }
    case .unchanged(let result):
      return .unchanged(transform(result))
    }
  }
}
