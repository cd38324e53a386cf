import CatalogStore

/// `catalog export`: a collection's items in item order with its own columns, as CSV (quoted only
/// where needed, RFC 4180), TSV (the same quoting, with tabs) or JSON lines.
enum ExportCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let catalog = try context.openCatalog(creating: false)
    let collection = try catalog.resolveCollection(named: invocation.value(for: "collection"))
    let format = invocation.value(for: "format") ?? "csv"
    let output: StandardOutput
    if let path = invocation.value(for: "output") {
      output = try StandardOutput(path: path)
    } else {
      output = context.output
    }
    let delimiter: Character = format == "tsv" ? "\t" : ","
    if format != "json" {
      try output.line(
        collection.columns.map { field($0, delimiter) }.joined(separator: String(delimiter)))
    }
    let items = try catalog.items(of: collection)
    while let item = try items.next() {
      if format == "json" {
        var line: [UInt8] = []
        line.append(UInt8(ascii: "{"))
        for (position, (column, value)) in zip(collection.columns, item.fields).enumerated() {
          if position > 0 { line.append(UInt8(ascii: ",")) }
          JSONText.appendQuoted(column, to: &line)
          line.append(UInt8(ascii: ":"))
          JSONText.appendQuoted(value, to: &line)
        }
        line.append(UInt8(ascii: "}"))
        try output.line(String(decoding: line, as: UTF8.self))
      } else {
        try output.line(
          item.fields.map { field($0, delimiter) }.joined(separator: String(delimiter)))
      }
    }
    try output.flush()
  }

  /// A field as CSV writes it: quoted, with its quotes doubled, when it holds the delimiter, a
  /// quote or a line break, or begins or ends with white space the reader would keep anyway.
  private static func field(_ text: String, _ delimiter: Character) -> String {
    guard text.contains(where: { $0 == delimiter || $0 == "\"" || $0.isNewline }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
