import CatalogQuery
import CatalogRecords

/// `catalog sections`: the sections of a collection, with index titles, counts and first rows.
enum SectionsCommand {
  static func run(_ context: CommandContext) throws {
    let list = try context.openList(try context.openCatalog(creating: false))
    let table = ResultTable(
      columns: Record.sectionColumns(includingNotes: list.hasSectionNotes),
      format: context.outputFormat, output: context.output)
    let sections = try list.sections()
    while let section = try sections.next() {
      try table.row(Record(section: section, includingNotes: list.hasSectionNotes))
    }
    try table.finish()
  }
}
