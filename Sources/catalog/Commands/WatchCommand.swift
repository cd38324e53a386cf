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
    // The list is let go once known, with its snapshot: an open snapshot on a standby would hold
    // up the replay of writes that remove rows it can see.
    let (name, grouping, listLocale, version) = try {
      let list = try context.openList(
        catalog, collection: collection, groupBy: groupBy, locale: locale)
      return (list.collection.name, list.grouping, list.collation.locale.identifier, list.version)
    }()
    let watcher = try VersionWatcher(catalog: catalog)
    var since = self.since ?? version
    guard since <= version else {
      throw CatalogError.invalidRequest(
        "--since \(since) is after the catalog's version \(version); leave --since out to "
          + "watch from now")
    }
    var remaining = count ?? Int.max
    while remaining > 0 {
      let current = try watcher.version()
      let changes = try catalog.changeSets(
        since: since, collection: name, grouping: grouping, locale: listLocale)
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
