import CatalogCollation
import CatalogQuery
import CatalogStore
import CommandLineArguments

/// `catalog watch`: prints the change set of each write to a list as JSON lines, as the writes
/// commit, until `--count` lines were printed or it is stopped.
struct WatchCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "watch",
    abstract: "Print how each write changes a list, as it commits.",
    discussion: """
      Each write to the list, by this or any other process, prints one JSON line: the \
      sections and rows it deleted, inserted, moved and updated, or a reload.
      """
  )

  /// How often the catalog is looked at for new writes.
  static let interval = Duration.milliseconds(10)

  @Option("collection", short: "c", value: "name", help: ListOptions.collectionHelp)
  var collection: String?

  @Option(
    "group-by", value: "column", help: "Watch the grouping by this column instead of the letters.")
  var groupBy: String?

  @Option("locale", value: "id", help: "Watch the list in this ICU locale.")
  var locale: String?

  @Option(
    "since", value: "version",
    help: "Print the writes after this catalog version first (default: now).")
  var since: Int?

  @Option("count", value: "n", help: "Stop after printing this many lines.")
  var count: Int?

  func run(_ context: CommandContext) throws {
    let catalog = try context.openCatalog(creating: false)
    let list = try context.openList(
      catalog, collection: collection, groupBy: groupBy, locale: locale)
    let watcher = try VersionWatcher(catalog: catalog)
    var since = self.since ?? list.version
    guard since <= list.version else {
      throw CatalogError.invalidRequest(
        "--since \(since) is after the catalog's version \(list.version); leave --since out to "
          + "watch from now")
    }
    var remaining = count ?? Int.max
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
      if remaining > 0 {
        _ = try watcher.waitForVersion(after: since, checkingEvery: Self.interval)
      }
    }
  }
}
