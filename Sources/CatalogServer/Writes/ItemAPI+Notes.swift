import CatalogStore

/// `/api/collections/NAME/notes`: a collection's header, footer and section notes, read and
/// written as `catalog annotate` writes them (a device's mirror sends its own there, DESIGN §16).
extension ItemAPI {
  /// `GET`: the notes, with the version of their last change, as `notesJSON` spells them.
  ///
  /// - Throws: `APIError` 404 for an unknown collection.
  func notes(of name: String) throws(APIError) -> HTTPResponse {
    let notes = try catalogs.reading { (catalog) throws(CatalogError) in
      try catalog.notes(of: catalog.resolveCollection(named: name))
    }
    var body = Self.notesJSON(notes)
    body.append(UInt8(ascii: "\n"))
    return .json(body)
  }

  /// `PUT`: makes `change` in one write, answered with `{"version":V}`: the write's version, or
  /// the catalog's when it changed nothing.
  ///
  /// - Throws: `APIError` 400 for a grouping the collection has no column for.
  func annotate(
    _ collection: CollectionInfo, _ change: NoteChange, once: IdempotentWrite?, bytes: [UInt8]
  ) throws(APIError) -> HTTPResponse {
    try writing(once, body: bytes) { catalog in
      let version = try catalog.annotate(collection, change) ?? catalog.version()
      return .json(Array(#"{"version":\#(version)}"#.utf8) + [UInt8(ascii: "\n")])
    }
  }

  /// `{"version":N,"header":…,"footer":…,"sections":[{"group_by":…,"heading":…,"header":…,
  /// "footer":…}]}`, null for a text not set and for the letters' `group_by`.
  static func notesJSON(_ notes: CollectionNotes) -> [UInt8] {
    var body: [UInt8] = []
    func optional(_ text: String?) {
      if let text { JSONText.appendQuoted(text, to: &body) } else { body += Array("null".utf8) }
    }
    body += Array(#"{"version":\#(notes.version),"header":"#.utf8)
    optional(notes.header)
    body += Array(#","footer":"#.utf8)
    optional(notes.footer)
    body += Array(#","sections":["#.utf8)
    for (index, section) in notes.sections.enumerated() {
      body += Array((index == 0 ? #"{"group_by":"# : #",{"group_by":"#).utf8)
      optional(section.grouping.column)
      body += Array(#","heading":"#.utf8)
      JSONText.appendQuoted(section.note.heading, to: &body)
      body += Array(#","header":"#.utf8)
      optional(section.note.header)
      body += Array(#","footer":"#.utf8)
      optional(section.note.footer)
      body.append(UInt8(ascii: "}"))
    }
    body += Array("]}".utf8)
    return body
  }
}
