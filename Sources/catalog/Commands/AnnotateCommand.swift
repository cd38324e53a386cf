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
      let texts = Texts(
        header: header, footer: footer, clear: clear,
        current: (collection.header, collection.footer))
      return try catalog.annotate(
        collection: collection, header: texts.header, footer: texts.footer, clear: texts.clear)
    }
    let list = try context.openList(catalog)
    let section = try list.section(withHeading: heading)
    let texts = Texts(
      header: header, footer: footer, clear: clear, current: (section.header, section.footer))
    try catalog.annotate(
      collection: list.collection, grouping: list.grouping, sectionHeading: section.heading,
      header: texts.header, footer: texts.footer, clear: texts.clear)
  }

  /// What to ask the catalog for, which keeps a text given as nil and removes both with `clear`:
  /// an empty text becomes a clear, with the other text kept as it is (or set as given).
  private struct Texts {
    let header: String?
    let footer: String?
    let clear: Bool

    init(
      header: String?, footer: String?, clear: Bool,
      current: (header: String?, footer: String?)
    ) {
      guard header == "" || footer == "" else {
        (self.header, self.footer, self.clear) = (header, footer, clear)
        return
      }
      self.header = header == "" ? nil : header ?? current.header
      self.footer = footer == "" ? nil : footer ?? current.footer
      self.clear = true
    }
  }
}
