extension CatalogError {
  /// Why a catalog cannot be written, as far as its engine tells (`CatalogError.readOnly`).
  public enum ReadOnlyReason: Equatable, Sendable {
    /// The catalog was opened read-only, or its file may not be written.
    case file
    /// Its directory cannot be written, where the engine must make a file beside the catalog's
    /// (SQLite's journal).
    case directory
    /// The file system it is on is mounted read-only.
    case medium
    /// The shared-memory file beside it (`-shm`, of SQLite's write-ahead log) cannot be created
    /// or written.
    case sharedMemory
    /// A write that was cut short must first be rolled back, by a process that can write the
    /// catalog.
    case interruptedWrite
    /// Its file was moved or deleted while it was open.
    case moved
    /// The database role it is used as has no privilege to write it.
    case roleMayNotWrite
    /// The database server's transactions are read-only by default.
    case serverReadOnly
    /// The database server is a hot standby of another, the primary, which takes the writes:
    /// the standby only replays them.
    case standby
  }
}
