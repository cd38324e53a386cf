/// One page of a copy as a server sends it with `format=csv` (DESIGN §16): the header
/// `item,version,` and the collection's columns, then a line an item. Its header is checked and
/// its lines counted when it comes; the import that builds the mirror reads every field.
public struct MirrorCopyPage: Sendable {
  /// How many fields come before an item's own on each line: its number and version.
  static let leadingColumnCount = 2

  /// A page's header for a collection of `columns`: `item,version` and the columns, the first
  /// two given leading underscores until no column has their name (CSV names no column twice).
  public static func header(columns: [String]) -> [String] {
    ["item", "version"].map { name in
      var name = name
      while columns.contains(name) { name = "_" + name }
      return name
    } + columns
  }

  /// `header(columns:)` as a CSV line, line break included.
  static func headerLine(columns: [String]) -> [UInt8] {
    var line: [UInt8] = []
    DelimitedField.append(header(columns: columns), delimiter: UInt8(ascii: ","), to: &line)
    line.append(UInt8(ascii: "\n"))
    return line
  }

  /// The collection's columns, as the header names them after `item,version`.
  public let columns: [String]
  /// The page's lines after the header, as they came.
  package let records: ArraySlice<UInt8>
  /// How many items the page holds.
  public let itemCount: Int
  /// The number of its last item; nil for an empty page.
  public private(set) var lastItem: Int?

  /// `page` of a copy (its removals left out) as a server sends it: the header, then a line an
  /// item.
  public static func csv(of page: ItemPage) -> [UInt8] {
    let comma = UInt8(ascii: ",")
    var body: [UInt8] = []
    // About the page's size at once (some 100 bytes an item): grown item by item, it was copied
    // and faulted in over and over.
    body.reserveCapacity(128 * page.changes.count + 256)
    body += headerLine(columns: page.collection.columns)
    for change in page.changes {
      guard let fields = change.fields else { continue }
      appendDigits(of: change.item, to: &body)
      body.append(comma)
      appendDigits(of: change.version, to: &body)
      body.append(comma)
      DelimitedField.append(fields, delimiter: comma, to: &body)
      body.append(UInt8(ascii: "\n"))
    }
    return body
  }

  /// Appends the decimal digits of `number` (0 or more) without a `String` between.
  private static func appendDigits(of number: Int, to output: inout [UInt8]) {
    if number >= 10 { appendDigits(of: number / 10, to: &output) }
    output.append(UInt8(ascii: "0") + UInt8(number % 10))
  }

  /// - Parameter source: where the page came from, for errors.
  /// - Throws: `CatalogError.csv` for a bad header, `.invalidRequest` for a header that is not a
  ///   page's or a last line that names no item. The lines are only counted here (a quote-aware
  ///   scan for line ends): the import that reads them checks every field.
  public init(csv: [UInt8], source: String) throws(CatalogError) {
    let reader: CSVReader
    do {
      reader = try CSVReader(contents: csv, inputName: source)
    } catch {
      throw .csv(error)
    }
    let columns = Array(reader.header.dropFirst(Self.leadingColumnCount))
    guard !columns.isEmpty, reader.header == Self.header(columns: columns) else {
      throw .invalidRequest(
        "\(source) is not a page of a copy: its header does not begin with item,version")
    }
    self.columns = columns
    records = csv[reader.bytesRead...]
    var count = 0
    var lastStart: Int?
    var lineStart = records.startIndex
    var isQuoted = false
    for index in records.indices {
      switch records[index] {
      case UInt8(ascii: "\""): isQuoted.toggle()
      case UInt8(ascii: "\n") where !isQuoted:
        if index > lineStart {
          count += 1
          lastStart = lineStart
        }
        lineStart = index + 1
      default: break
      }
    }
    guard lineStart == records.endIndex, !isQuoted else {
      throw .invalidRequest("\(source) is not a page of a copy: its last line is cut off")
    }
    itemCount = count
    lastItem = nil
    if let lastStart {
      let digits = records[lastStart...].prefix { $0 != UInt8(ascii: ",") }
      guard let item = Int(String(decoding: digits, as: UTF8.self)) else {
        throw .invalidRequest(
          "\(source) is not a page of a copy: its last line names no item")
      }
      lastItem = item
    }
  }
}
