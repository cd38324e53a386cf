import CatalogStore
import CommandLineArguments

/// `catalog export`: a collection's items in item order with its own columns, as CSV (quoted only
/// where needed, RFC 4180), TSV (the same quoting, with tabs) or JSON lines.
struct ExportCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Write a collection's items as CSV, TSV or JSON lines.",
    discussion: """
      The items come in item order with the collection's own columns, as imported; importing \
      a CSV or TSV export gives the same collection.
      """
  )

  /// What `export` writes.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case csv, tsv, json
  }

  @Option("collection", short: "c", value: "name", help: ListOptions.collectionHelp)
  var collection: String?

  @Option("format", value: "format", help: "The format to write.")
  var format = Format.csv

  @Option("output", value: "file", help: "Write to this file instead of standard output.")
  var outputPath: String?

  func run(_ context: CommandContext) throws {
    let catalog = try context.openCatalog(creating: false, keys: .notNeeded)
    let collection = try catalog.resolveCollection(named: collection)
    let output: StandardOutput
    if let path = outputPath {
      output = try StandardOutput(path: path)
    } else {
      output = context.output
    }
    let delimiter = format == .tsv ? UInt8(ascii: "\t") : UInt8(ascii: ",")
    var line: [UInt8] = []
    if format != .json {
      DelimitedField.append(collection.columns, delimiter: delimiter, to: &line)
      try output.line(utf8: line)
    }
    let items = try catalog.items(of: collection)
    while let item = try items.next() {
      line.removeAll(keepingCapacity: true)
      if format == .json {
        line.append(UInt8(ascii: "{"))
        for (position, (column, value)) in zip(collection.columns, item.fields).enumerated() {
          if position > 0 { line.append(UInt8(ascii: ",")) }
          JSONText.appendQuoted(column, to: &line)
          line.append(UInt8(ascii: ":"))
          JSONText.appendQuoted(value, to: &line)
        }
        line.append(UInt8(ascii: "}"))
      } else {
        DelimitedField.append(item.fields, delimiter: delimiter, to: &line)
      }
      try output.line(utf8: line)
    }
    try output.flush()
  }
}
