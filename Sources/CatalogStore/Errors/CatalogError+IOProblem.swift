extension CatalogError {
  /// Where reading or writing a catalog failed in the operating system (`CatalogError.ioError`).
  public enum IOProblem: Equatable, Sendable {
    /// The shared-memory file beside the catalog (`-shm`, of SQLite's write-ahead log) could not
    /// be opened, sized, locked or mapped.
    case sharedMemory
    /// Memory ran out while the catalog was read or written.
    case outOfMemory
    /// A read, a write or another call on the catalog's files failed; the failure's system error,
    /// when there is one, says why.
    case readOrWrite
  }
}
