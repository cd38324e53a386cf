import CatalogQuery
import CatalogStore
import CommandLineArguments

/// `catalog annotate`: sets or clears the grouped-list header and footer of a collection or of
/// one of its sections. An empty text clears that text.
struct AnnotateCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "annotate",
    abstract: "Set header or footer text for a collection or section.",
    discussion: """
      The text appears above or below the items in grouped lists. Without --section it \
      belongs to the whole collection; with --section, to that section of the letter \
      grouping, or of the grouping by a column given with --group-by.
      """,
    exclusiveOptions: [["header", "clear"], ["footer", "clear"]],
    dependentOptions: [(option: "group-by", needs: "section")]
  )

  @Option(
    "collection", short: "c", value: "name",
    help: "The collection to annotate; may be left out if it is the only one.")
  var collection: String?

  @Option(
    "group-by", value: "column",
    help: "With --section, the column whose grouping the section belongs to.")
  var groupBy: String?

  @Option("section", value: "heading", help: "The heading of the section to annotate.")
  var section: String?

  @Option(
    "header", value: "text", help: "The text to show above the items; empty to remove it.")
  var header: String?

  @Option(
    "footer", value: "text", help: "The text to show below the items; empty to remove it.")
  var footer: String?

  @Flag("clear", help: "Remove the header and the footer.")
  var clearsBoth: Bool

  func run(_ context: CommandContext) throws {
    guard header != nil || footer != nil || clearsBoth else {
      throw ValidationError("Give '--header <text>', '--footer <text>' or '--clear'")
    }
    let catalog = try context.openCatalog(creating: false)
    guard let section else {
      try catalog.annotate(
        collection: try catalog.resolveCollection(named: collection), header: header,
        footer: footer, clear: clearsBoth)
      return
    }
    let list = try context.openList(catalog, collection: collection, groupBy: groupBy)
    try catalog.annotate(
      collection: list.collection, grouping: list.grouping,
      sectionHeading: try list.section(withHeading: section).heading, header: header,
      footer: footer, clear: clearsBoth)
  }
}
