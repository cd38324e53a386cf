import CatalogQuery
import CatalogStore

/// `catalog annotate`: sets or clears the grouped-list header and footer of a collection or of
/// one of its sections. An empty text clears that text.
enum AnnotateCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let header = invocation.value(for: "header")
    let footer = invocation.value(for: "footer")
    let clear = invocation.hasFlag("clear")
    guard header != nil || footer != nil || clear else {
      throw UsageError("Give '--header <text>', '--footer <text>' or '--clear'", for: invocation)
    }
    let catalog = try context.openCatalog(creating: false)
    guard let heading = invocation.value(for: "section") else {
      let collection = try catalog.resolveCollection(named: invocation.value(for: "collection"))
      return try catalog.annotate(
        collection: collection, header: header, footer: footer, clear: clear)
    }
    let list = try context.openList(catalog)
    let section = try list.section(withHeading: heading)
    try catalog.annotate(
      collection: list.collection, grouping: list.grouping, sectionHeading: section.heading,
      header: header, footer: footer, clear: clear)
  }
}
