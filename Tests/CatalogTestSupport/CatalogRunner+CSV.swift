extension CatalogRunner.Result {
  /// The lines of the CSV that the command printed, cut to the columns named by the header line
  /// and joined again with commas, fields as they were written: so that a test can check the
  /// columns it is about, such as `collections`' name, items, locale and title, and not the time
  /// of an import. A column the header lacks gives empty fields.
  public func csvColumns(_ names: String...) -> [String] {
    let records = outputLines.map(Self.fields)
    guard let header = records.first?.map(\.text) else { return [] }
    let positions = names.map { header.firstIndex(of: $0) }
    return records.map { fields in
      positions.map { position in
        position.flatMap { $0 < fields.count ? fields[$0].written : nil } ?? ""
      }.joined(separator: ",")
    }
  }

  /// The fields of one line of RFC 4180 CSV: each field's text, and the field as written.
  private static func fields(_ line: String) -> [(text: String, written: String)] {
    let characters = Array(line)
    var fields: [(text: String, written: String)] = []
    var start = 0
    var position = 0
    var text = ""
    var isQuoted = false
    while position <= characters.count {
      let character = position < characters.count ? characters[position] : nil
      if isQuoted {
        if character == "\"" {
          if position + 1 < characters.count && characters[position + 1] == "\"" {
            text.append("\"")
            position += 1
          } else {
            isQuoted = false
          }
        } else if let character {
          text.append(character)
        } else {
          fields.append((text, String(characters[start...])))
        }
      } else if character == "\"" && position == start {
        isQuoted = true
      } else if character == "," || character == nil {
        fields.append((text, String(characters[start..<position])))
        text = ""
        start = position + 1
      } else if let character {
        text.append(character)
      }
      position += 1
    }
    return fields
  }
}
