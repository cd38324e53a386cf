import CatalogStore

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
