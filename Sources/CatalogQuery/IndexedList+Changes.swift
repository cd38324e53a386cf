import CatalogStore

extension IndexedList {
  /// The change sets of the writes to this list as they commit, by this process or any other:
  /// each element is what `refresh()` returns once there is something new, and the list then
  /// describes the newest version. Looks for new writes every `interval` (a cheap check of
  /// SQLite's `data_version`), sleeping in between with `Task.sleep`; a cancelled task ends
  /// the sequence.
  ///
  /// ```swift
  /// for try await changes in list.changes() {
  ///   for change in changes { tableView.apply(change) }
  /// }
  /// ```
  public func changes(checkingEvery interval: Duration = .milliseconds(20)) throws(CatalogError)
    -> ListChanges
  {
    ListChanges(list: self, watcher: try VersionWatcher(catalog: catalog), interval: interval)
  }
}

/// The change sets of one list as writes commit (`IndexedList.changes(checkingEvery:)`).
///
/// Not `Sendable`, like its list: iterate it in the task that uses the list.
public struct ListChanges: AsyncSequence {
  public typealias Element = [ChangeSet]
  let list: IndexedList
  let watcher: VersionWatcher
  let interval: Duration

  public struct AsyncIterator: AsyncIteratorProtocol {
    let list: IndexedList
    let watcher: VersionWatcher
    let interval: Duration

    public mutating func next() async throws -> [ChangeSet]? {
      while !Task.isCancelled {
        if try watcher.version() > list.version {
          let changes = try list.refresh()
          if !changes.isEmpty { return changes }
        }
        try? await Task.sleep(for: interval)
      }
      return nil
    }
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(list: list, watcher: watcher, interval: interval)
  }
}
