import CatalogCollation
import CatalogStore

/// How results are printed (`--format`).
enum OutputFormat: String {
  /// Aligned columns with a header line.
  case table
  /// One JSON object per line.
  case json
  /// RFC 4180 CSV with a header line.
  case csv
  /// Tab-separated values with a header line; tabs, line breaks and backslashes escaped as `\t`,
  /// `\n`, `\r` and `\\`.
  case tsv
}

/// One value in a result row.
enum ResultValue {
  case text(String)
  case integer(Int)
  case null
  /// A value not set: left out of JSON objects, an empty cell otherwise.
  case absent
  /// Named strings, such as an item's fields: a nested object in JSON, one column each otherwise.
  case object([(String, String)])
}

/// Prints result rows in the chosen format. Table output is aligned, so it is held until
/// `finish()`; the other formats stream.
final class ResultTable {
  private let columns: [String]
  private let format: OutputFormat
  private let output: StandardOutput
  private var pendingRows: [[String]] = []
  private var hasWrittenHeader = false

  init(columns: [String], format: OutputFormat, output: StandardOutput) {
    self.columns = columns
    self.format = format
    self.output = output
  }

  func row(_ values: [ResultValue]) throws {
    switch format {
    case .json:
      var line = "{"
      var isFirst = true
      for (column, value) in zip(columns, values) {
        if case .absent = value { continue }
        if !isFirst { line += "," }
        isFirst = false
        JSONText.appendQuoted(column, to: &line)
        line += ":" + Self.json(value)
      }
      try output.line(line + "}")
    case .csv, .tsv:
      let cells = values.flatMap(Self.cells)
      if !hasWrittenHeader {
        hasWrittenHeader = true
        try output.line(separated(zip(columns, values).flatMap(Self.headerCells)))
      }
      try output.line(separated(cells))
    case .table:
      pendingRows.append(values.flatMap(Self.cells))
    }
  }

  /// Prints the held table rows; for an empty CSV or TSV result, the header line alone.
  func finish() throws {
    switch format {
    case .table:
      let rows = [columns] + pendingRows
      let widths = columns.indices.map { column in
        rows.map { column < $0.count ? $0[column].terminalWidth : 0 }.max() ?? 0
      }
      for row in rows {
        let padded = row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell.padding(toLength: widths[column])
        }
        try output.line(padded.joined(separator: "  "))
      }
    case .csv, .tsv:
      if !hasWrittenHeader { try output.line(separated(columns)) }
    case .json:
      break
    }
  }

  private func separated(_ cells: [String]) -> String {
    switch format {
    case .tsv: return cells.map(Self.tsvEscaped).joined(separator: "\t")
    default: return cells.map(Self.csvQuoted).joined(separator: ",")
    }
  }

  private static func cells(_ value: ResultValue) -> [String] {
    switch value {
    case .text(let text): return [text]
    case .integer(let integer): return [String(integer)]
    case .null, .absent: return [""]
    case .object(let pairs): return pairs.map(\.1)
    }
  }

  private static func headerCells(column: String, value: ResultValue) -> [String] {
    if case .object(let pairs) = value { return pairs.map(\.0) }
    return [column]
  }

  private static func json(_ value: ResultValue) -> String {
    switch value {
    case .text(let text): return JSONText.quoted(text)
    case .integer(let integer): return String(integer)
    case .null, .absent: return "null"
    case .object(let pairs):
      var object = "{"
      for (index, (name, text)) in pairs.enumerated() {
        if index > 0 { object += "," }
        JSONText.appendQuoted(name, to: &object)
        object += ":"
        JSONText.appendQuoted(text, to: &object)
      }
      return object + "}"
    }
  }

  private static func csvQuoted(_ cell: String) -> String {
    guard cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return cell }
    return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private static func tsvEscaped(_ cell: String) -> String {
    var escaped = ""
    for scalar in cell.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

extension String {
  /// The string followed by spaces up to `width` terminal columns.
  func padding(toLength width: Int) -> String {
    let columns = terminalWidth
    return columns >= width ? self : self + String(repeating: " ", count: width - columns)
  }
}
