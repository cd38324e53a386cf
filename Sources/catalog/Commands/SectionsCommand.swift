import CatalogQuery
import CatalogRecords
import CommandLineArguments

/// `catalog sections`: the sections of a collection, with index titles, counts and first rows.
struct SectionsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "sections",
    abstract: "List the sections of a collection.",
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @OptionGroup var listOptions: ListOptions
  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    let list = try listOptions.openList(context)
    let table = ResultTable(
      columns: Record.sectionColumns(includingNotes: list.hasSectionNotes),
      format: output.format, output: context.output)
    let sections = try list.sections()
    while let section = try sections.next() {
      try table.row(Record(section: section, includingNotes: list.hasSectionNotes))
    }
    try table.finish()
  }
}
