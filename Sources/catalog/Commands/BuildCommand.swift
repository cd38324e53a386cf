import CatalogCollation
import CatalogStore
import CommandLineArguments

/// `catalog build`: stores groupings, index titles, locales and search keys ahead of queries.
struct BuildCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "build",
    abstract: "Store groupings, index titles and search keys ahead of queries.",
    discussion: """
      A catalog whose keys are all stored answers every query without writing, so it can be \
      shipped read-only. An SQLite file's write-ahead log is moved into the file at the end. A \
      catalog shared on PostgreSQL whose keys another ICU made answers nothing but info, \
      collections and export until build --rekey rebuilds them.
      """,
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @Option(
    "collection", short: "c", value: "name",
    help: "The collection to build; may be left out if it is the only one.")
  var collection: String?

  @Option(
    "group-by", value: "column", help: "Store the grouping by this column; may be repeated.")
  var groupBy: [String]

  @Option(
    "index-by", value: "column",
    help: "Store index titles from this column for each --group-by; may be repeated.")
  var indexBy: [String]

  @Option(
    "locale", value: "id",
    help: "Store every grouping in this ICU locale (default: the collection's); may be "
      + "repeated.")
  var locales: [String]

  @Flag("search", help: "Store the search keys too.")
  var storesSearchKeys: Bool

  @Flag(
    "rekey",
    help: "Rebuild every key made by another ICU with this build's, in one write; for a catalog "
      + "on PostgreSQL, which is not rebuilt on open.")
  var rekeys: Bool

  func run(_ context: CommandContext) throws {
    let request = BuildRequest(
      groupBy: groupBy, indexBy: indexBy, locales: try locales.map(CollationLocale.init),
      search: storesSearchKeys)
    let catalog = try context.openCatalog(
      creating: false, keys: rekeys ? .rebuilt : .required)
    var built = 0
    try catalog.build(request, for: collection) { line in
      StandardError.line("\(line)…")
      built += 1
    }
    if built == 0 && !rekeys { StandardError.line("everything asked for was stored already") }
  }
}
