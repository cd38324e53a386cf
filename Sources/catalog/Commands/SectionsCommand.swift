import CatalogQuery
import CatalogStore

/// `catalog sections`: the sections of a collection, with index titles, counts and first rows.
enum SectionsCommand {
  static func run(_ context: CommandContext) throws {
    let list = try context.openList(try context.openCatalog(creating: false))
    let notes = list.hasSectionNotes ? ["header", "footer"] : []
    let table = ResultTable(
      columns: ["section", "heading", "index", "count", "offset"] + notes,
      format: context.outputFormat, output: context.output)
    let sections = try list.sections()
    while let section = try sections.next() {
      var values: [ResultValue] = [
        .integer(section.index), .text(section.heading), .text(section.indexTitle),
        .integer(section.count), .integer(section.firstRow),
      ]
      if !notes.isEmpty {
        values += [
          section.header.map(ResultValue.text) ?? .absent,
          section.footer.map(ResultValue.text) ?? .absent,
        ]
      }
      try table.row(values)
    }
    try table.finish()
  }
}
