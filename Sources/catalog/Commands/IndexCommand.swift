import CatalogQuery
import CatalogStore

/// `catalog index`: the right-edge index, each entry with its count and the section it jumps to;
/// with `--fit N`, cut to at most N entries, each `•` with the titles it stands for.
enum IndexCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let fit = invocation.integer(for: "fit")
    if let fit, fit < 3 {
      throw UsageError("'--fit' needs at least 3 entries, not \(fit)", for: invocation)
    }
    let list = try context.openList(try context.openCatalog(creating: false))
    var entries = try list.indexEntries(compact: invocation.hasFlag("compact"))
    if let fit { entries = entries.fitted(toAtMost: fit) }
    let table = ResultTable(
      columns: ["title", "section", "count"] + (fit == nil ? [] : ["stands_for"]),
      format: context.outputFormat, output: context.output)
    for entry in entries {
      let values: [ResultValue] = [
        .text(entry.title), entry.section.map(ResultValue.integer) ?? .null, .integer(entry.count),
      ]
      if fit == nil {
        try table.row(values)
      } else if context.outputFormat != .json {
        try table.row(values + [.text(entry.standsFor.joined(separator: " "))])
      } else if entry.standsFor.isEmpty {
        try table.row(values + [.absent])
      } else {
        // A JSON array, which result tables do not hold: `"stands_for":["D","E","F"]`.
        var line = "{\"title\":\(JSONText.quoted(entry.title)),\"section\":"
        line += entry.section.map(String.init) ?? "null"
        line += ",\"count\":\(entry.count),\"stands_for\":\(JSONText.array(entry.standsFor))}"
        try context.output.line(line)
      }
    }
    try table.finish()
  }
}
