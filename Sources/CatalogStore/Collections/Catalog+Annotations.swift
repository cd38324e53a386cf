/// The grouped-list text of one section, stored by heading (DESIGN §6, `catalog annotate`).
public struct SectionNote: Sendable, Equatable {
  public let heading: String
  public let header: String?
  public let footer: String?
}

extension Catalog {
  /// Sets the header and footer of a whole collection; nil leaves a text as it is, and `clear`
  /// removes both first.
  public func annotate(
    collection: CollectionInfo, header: String?, footer: String?, clear: Bool
  ) throws(CatalogError) {
    try connection.prepare(
      """
      UPDATE collections
      SET header = CASE WHEN ?1 THEN ?2 ELSE coalesce(?2, header) END,
          footer = CASE WHEN ?1 THEN ?3 ELSE coalesce(?3, footer) END
      WHERE id = ?4
      """
    ).bind(.integer(clear ? 1 : 0), text(header), text(footer), .integer(collection.id)).run()
  }

  /// Sets the header and footer of the section with this heading in a grouping; nil leaves a text
  /// as it is, and `clear` removes both first. The heading should be the section's own.
  public func annotate(
    collection: CollectionInfo, grouping: Grouping, sectionHeading heading: String,
    header: String?, footer: String?, clear: Bool
  ) throws(CatalogError) {
    try connection.prepare(
      """
      INSERT INTO section_notes (collection_id, group_by, heading, header, footer)
      VALUES (?1, ?2, ?3, ?5, ?6)
      ON CONFLICT (collection_id, group_by, heading) DO UPDATE
      SET header = CASE WHEN ?4 THEN ?5 ELSE coalesce(?5, header) END,
          footer = CASE WHEN ?4 THEN ?6 ELSE coalesce(?6, footer) END
      """
    ).bind(
      .integer(collection.id), .text(grouping.storedColumn), .text(heading),
      .integer(clear ? 1 : 0), text(header), text(footer)
    ).run()
    try connection.prepare(
      "DELETE FROM section_notes WHERE header IS NULL AND footer IS NULL AND collection_id = ?"
    ).bind(.integer(collection.id)).run()
  }

  /// The section notes of a collection's grouping.
  public func sectionNotes(of collection: CollectionInfo, grouping: Grouping)
    throws(CatalogError) -> [SectionNote]
  {
    try Self.sectionNotes(of: collection, grouping: grouping, connection: connection)
  }

  /// The section notes of a collection's grouping, read through `connection` (a snapshot's).
  package static func sectionNotes(
    of collection: CollectionInfo, grouping: Grouping, connection: Connection
  ) throws(CatalogError) -> [SectionNote] {
    let statement = try connection.prepare(
      """
      SELECT heading, header, footer FROM section_notes
      WHERE collection_id = ? AND group_by = ? ORDER BY heading
      """)
    try statement.bind(.integer(collection.id), .text(grouping.storedColumn))
    var notes: [SectionNote] = []
    while try statement.step() {
      notes.append(
        SectionNote(
          heading: statement.text(at: 0), header: statement.optionalText(at: 1),
          footer: statement.optionalText(at: 2)))
    }
    return notes
  }

  private func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
}
