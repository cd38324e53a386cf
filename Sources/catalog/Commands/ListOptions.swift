import CatalogQuery
import CommandLineArguments

/// The options that choose the list a query reads (`sections`, `index`, `list`, `search`): the
/// collection, the grouping and its index titles, and the locale.
struct ListOptions: ParsableArguments {
  /// The help of `-c` for the commands that read a collection.
  static let collectionHelp = "The collection to read; may be left out if it is the only one."

  /// `--index-by` names the column of a column grouping's index titles; letters have their own.
  static let indexByNeedsGroupBy = (option: "index-by", needs: "group-by")

  @Option("collection", short: "c", value: "name", help: collectionHelp)
  var collection: String?

  @Option(
    "group-by", value: "column",
    help: "Group the items by the values of this column instead of by letter.")
  var groupBy: String?

  @Option(
    "index-by", value: "column",
    help: "With --group-by, take each section's index title from this column.")
  var indexBy: String?

  @Option(
    "locale", value: "id", help: "Group and sort in this ICU locale instead of the collection's.")
  var locale: String?

  /// The list these options choose, in the catalog.
  func openList(_ context: CommandContext) throws -> IndexedList {
    try context.openList(
      try context.openCatalog(creating: false), collection: collection, groupBy: groupBy,
      indexBy: indexBy, locale: locale)
  }
}

/// `--format`: how a query prints its results.
struct OutputOptions: ParsableArguments {
  @Option("format", value: "format", help: "The output format.")
  var format = OutputFormat.table
}
