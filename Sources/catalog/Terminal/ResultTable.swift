import CatalogCollation
import CatalogRecords
import CatalogStore
import CommandLineArguments

/// How results are printed (`--format`).
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
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

/// Prints result rows in the chosen format. Table output is aligned, so it is held until
/// `finish()`; the other formats stream.
final class ResultTable {
  private let columns: [String]
  private let format: OutputFormat
  private let output: StandardOutput
  private var pendingRows: [[String]] = []
  /// The header of a table, from its first row: an object value names a column per field.
  private var headerRow: [String]?
  private var hasWrittenHeader = false
  /// The JSON, CSV or TSV line being spelled, kept to reuse its storage.
  private var line: [UInt8] = []

  init(columns: [String], format: OutputFormat, output: StandardOutput) {
    self.columns = columns
    self.format = format
    self.output = output
  }

  /// Prints `record`, whose columns are the table's, or holds it for a table.
  func row(_ record: Record) throws {
    let values = record.values
    switch format {
    case .json:
      line.removeAll(keepingCapacity: true)
      record.appendJSON(to: &line)
      try output.line(utf8: line)
    case .csv, .tsv:
      try delimitedRow(header: record) { cell in
        for value in values { Self.forEachCell(of: value, cell) }
      }
    case .table:
      if pendingRows.isEmpty {
        headerRow = zip(columns, values).flatMap(headerCells).map(\.tableEscaped)
      }
      var cells: [String] = []
      for value in values { Self.forEachCell(of: value) { cells.append($0.tableEscaped) } }
      pendingRows.append(cells)
    }
  }

  /// Prints a CSV or TSV row of the cells that `cells` hands to its argument: the line `row`
  /// prints for `header` when these are its cells, without the values a record holds, for rows
  /// that come by the million (`list --format csv`). `header` is made for the first row alone.
  func delimitedRow(
    header: @autoclosure () -> Record, _ cells: ((String) -> Void) -> Void
  ) throws {
    if !hasWrittenHeader {
      hasWrittenHeader = true
      let record = header()
      let names = zip(columns, record.values).flatMap(headerCells)
      try writeLine { names.forEach($0) }
    }
    try writeLine(cells)
  }

  /// Prints the held table rows; for an empty CSV or TSV result, the header line alone.
  func finish() throws {
    switch format {
    case .table:
      let rows = [headerRow ?? columns.map(\.tableEscaped)] + pendingRows
      let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
        rows.map { column < $0.count ? $0[column].terminalWidth : 0 }.max() ?? 0
      }
      for row in rows {
        let padded = row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell.padding(toLength: widths[column])
        }
        try output.line(padded.joined(separator: "  "))
      }
    case .csv, .tsv:
      if !hasWrittenHeader { try writeLine { columns.forEach($0) } }
    case .json:
      break
    }
  }

  /// Writes one CSV or TSV line of the cells that `cells` hands to its argument, in order,
  /// spelled straight into the line's bytes.
  private func writeLine(_ cells: ((String) -> Void) -> Void) throws {
    // Spelled in a local array, not the property: each append to a class's property is checked
    // for exclusive access at run time, a sixteenth of the time of `list --format csv`.
    var line = self.line
    self.line = []
    defer { self.line = line }
    line.removeAll(keepingCapacity: true)
    let isTSV = format == .tsv
    var isFirst = true
    cells { cell in
      if !isFirst { line.append(isTSV ? UInt8(ascii: "\t") : UInt8(ascii: ",")) }
      isFirst = false
      if isTSV {
        line.append(contentsOf: cell.tsvEscaped.utf8)
      } else {
        DelimitedField.append(cell, delimiter: UInt8(ascii: ","), to: &line)
      }
    }
    try output.line(utf8: line)
  }

  /// Hands each cell of a value to `body`: the value's one, or for an object one per field.
  private static func forEachCell(of value: RecordValue, _ body: (String) -> Void) {
    guard case .object(let pairs) = value else { return body(cell(value)) }
    for pair in pairs { body(cell(pair.value)) }
  }

  /// A value as one cell: an array of texts and numbers as its elements between spaces; an
  /// object, or an array holding objects or arrays, as JSON; a displayed value as its text.
  private static func cell(_ value: RecordValue) -> String {
    switch value {
    case .displayed(_, let text): return text
    case .text(let text): return text
    case .integer(let integer): return String(integer)
    case .boolean(let boolean): return boolean ? "true" : "false"
    case .null, .absent: return ""
    case .object: return Record.json(value)
    case .array(let elements):
      let isFlat = elements.allSatisfy {
        switch $0 {
        case .object, .array: return false
        default: return true
        }
      }
      return isFlat ? elements.map(cell).joined(separator: " ") : Record.json(value)
    }
  }

  /// The header cells of a value: its column, or for an object one cell per name, prefixed with
  /// the column (`fields.title`) where a name is also another column, so the header stays unique.
  private func headerCells(column: String, value: RecordValue) -> [String] {
    guard case .object(let pairs) = value else { return [column] }
    return pairs.map {
      $0.name != column && columns.contains($0.name) ? "\(column).\($0.name)" : $0.name
    }
  }
}

extension String {
  /// The string followed by spaces up to `width` terminal columns.
  func padding(toLength width: Int) -> String {
    let columns = terminalWidth
    return columns >= width ? self : self + String(repeating: " ", count: width - columns)
  }
}
