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
