import CatalogCollation
import CatalogQuery
import CatalogStore

/// `catalog watch`: prints the change set of each write to a list as JSON lines, as the writes
/// commit, until `--count` lines were printed or it is stopped.
enum WatchCommand {
  /// How often the catalog is looked at for new writes.
  static let interval = Duration.milliseconds(10)

  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let catalog = try context.openCatalog(creating: false)
    let list = try context.openList(catalog)
    let watcher = try VersionWatcher(catalog: catalog)
    var since = invocation.integer(for: "since") ?? list.version
    guard since <= list.version else {
      throw CatalogError.invalidRequest(
        "--since \(since) is after the catalog's version \(list.version); leave --since out to "
          + "watch from now")
    }
    var remaining = invocation.integer(for: "count") ?? Int.max
    while remaining > 0 {
      let current = try watcher.version()
      let changes = try catalog.changeSets(
        since: since, collection: list.collection.name, grouping: list.grouping,
        locale: list.collation.locale.identifier)
      for change in changes.prefix(remaining) {
        try context.output.line(change.jsonText)
        remaining -= 1
      }
      try context.output.flush()
      since = max(current, changes.last?.version ?? since)
      if remaining > 0 { _ = try watcher.waitForVersion(after: since, checkingEvery: interval) }
    }
  }
}
