extension Catalog {
  /// Sets the header and footer of a whole collection, in one write: nil leaves a text as it is,
  /// an empty one removes it, and `clear` removes both unless given. Watchers of its lists get a
  /// reload (a list's change set has no place for the collection's header). On a mirror the
  /// change is also queued for its server (DESIGN §16).
  ///
  /// - Returns: the write's version; nil when it changed nothing.
  @discardableResult
  public func annotate(
    collection: CollectionInfo, header: String?, footer: String?, clear: Bool
  ) throws(CatalogError) -> Int? {
    try annotate(
      collection,
      NoteChange(
        header: header ?? (clear ? "" : nil), footer: footer ?? (clear ? "" : nil)))
  }

  /// Sets the header and footer of the section with this heading in a grouping, in one write: nil
  /// leaves a text as it is, an empty one removes it, and `clear` removes both unless given. The
  /// heading should be the section's own. Watchers of the grouping's lists see the section
  /// updated. On a mirror the change is also queued for its server (DESIGN §16).
  ///
  /// - Returns: the write's version; nil when it changed nothing.
  @discardableResult
  public func annotate(
    collection: CollectionInfo, grouping: Grouping, sectionHeading heading: String,
    header: String?, footer: String?, clear: Bool
  ) throws(CatalogError) -> Int? {
    try annotate(
      collection,
      NoteChange(
        grouping: grouping, heading: heading, header: header ?? (clear ? "" : nil),
        footer: footer ?? (clear ? "" : nil)))
  }

  /// Makes `change` in one write; returns its version, nil when it changed nothing.
  ///
  /// - Throws: `CatalogError.unknownColumn` for a grouping by a column the collection lacks.
  @discardableResult
  public func annotate(_ collection: CollectionInfo, _ change: NoteChange)
    throws(CatalogError) -> Int?
  {
    if case .column(let column) = change.grouping, !collection.columns.contains(column) {
      throw .unknownColumn(column: column, role: .groupBy, available: collection.columns)
    }
    return try versionedWrite { () throws(CatalogError) -> WriteOutcome<Int?> in
      try connection.lockCollection(named: collection.name)
      guard try apply(change, to: collection) else { return .unchanged(nil) }
      try MirrorQueue(collection: collection, on: connection)?.record(change)
      return .changed { (version) throws(CatalogError) in
        try self.connection.prepare(
          "UPDATE collections SET version = ?1, notes_version = ?1 WHERE id = ?2"
        ).bind(.integer(version), .integer(collection.id)).run()
        if let heading = change.heading, let grouping = change.grouping {
          try self.logSectionUpdated(
            heading, of: collection, grouping: grouping, version: version)
        } else {
          try self.logReload(ofCollection: collection.id, named: collection.name, version: version)
        }
        return version
      }
    }
  }

  /// Writes `change` into the collection's notes, inside a write; returns whether they changed.
  func apply(_ change: NoteChange, to collection: CollectionInfo) throws(CatalogError) -> Bool {
    guard let heading = change.heading, let grouping = change.grouping else {
      let before = try notes(
        "SELECT header, footer FROM collections WHERE id = ?", .integer(collection.id))
      let after = try notes(
        """
        UPDATE collections
        SET header = CASE WHEN CAST(?1 AS TEXT) IS NOT NULL THEN nullif(?1, '') ELSE header END,
            footer = CASE WHEN CAST(?2 AS TEXT) IS NOT NULL THEN nullif(?2, '') ELSE footer END
        WHERE id = ?3
        RETURNING header, footer
        """, text(change.header), text(change.footer), .integer(collection.id))
      return after != before
    }
    let noteSQL =
      "SELECT header, footer FROM section_notes WHERE collection_id = ? AND group_by = ? AND heading = ?"
    let note: [SQLValue] = [
      .integer(collection.id), .text(grouping.storedColumn), .text(heading),
    ]
    let before = try notes(noteSQL, note)
    try connection.prepare(
      """
      INSERT INTO section_notes (collection_id, group_by, heading, header, footer)
      VALUES (?1, ?2, ?3, nullif(?4, ''), nullif(?5, ''))
      ON CONFLICT (collection_id, group_by, heading) DO UPDATE
      SET header = CASE WHEN CAST(?4 AS TEXT) IS NOT NULL THEN nullif(?4, '') ELSE section_notes.header END,
          footer = CASE WHEN CAST(?5 AS TEXT) IS NOT NULL THEN nullif(?5, '') ELSE section_notes.footer END
      """
    ).bind(note + [text(change.header), text(change.footer)]).run()
    try connection.prepare(
      "DELETE FROM section_notes WHERE header IS NULL AND footer IS NULL AND collection_id = ?"
    ).bind(.integer(collection.id)).run()
    return try notes(noteSQL, note) != before
  }

  /// Logs, for each stored locale of a grouping, that the section with this heading changed.
  private func logSectionUpdated(
    _ heading: String, of collection: CollectionInfo, grouping: Grouping, version: Int
  ) throws(CatalogError) {
    for stored in try storedLists(ofCollection: collection.id)
    where stored.grouping == grouping {
      let collation = try collation(for: stored.locale)
      let id = try listID(grouping, of: collection, collation: collation) {}
      guard
        let key = ListKey.section(forHeading: heading, in: grouping, collation: collation),
        let section = try ListReader(connection: connection, listID: id)
          .section(withKey: key, indexBy: nil)
      else { continue }
      try log(
        ChangeSet(
          version: version, collection: collection.name, grouping: grouping,
          locale: stored.locale, updatedSections: [section.index]))
    }
  }

  /// The header and footer that `sql` reads from its first row, as UTF-8 bytes (a text written
  /// in another normalization form is a change); nil when it reads no row.
  private func notes(_ sql: String, _ values: SQLValue...) throws(CatalogError) -> [[UInt8]?]? {
    try notes(sql, values)
  }

  private func notes(_ sql: String, _ values: [SQLValue]) throws(CatalogError) -> [[UInt8]?]? {
    let statement = try connection.prepare(sql)
    try statement.bind(values)
    guard try statement.step() else { return nil }
    let found = [0, 1].map { statement.optionalText(at: $0).map { Array($0.utf8) } }
    try statement.run()
    return found
  }

  /// The section notes of a collection's grouping.
  public func sectionNotes(of collection: CollectionInfo, grouping: Grouping)
    throws(CatalogError) -> [SectionNote]
  {
    try Self.sectionNotes(of: collection, grouping: grouping, connection: connection)
  }

  /// The section notes of a collection's grouping, read through `connection` (a snapshot's).
  package static func sectionNotes(
    of collection: CollectionInfo, grouping: Grouping, connection: any DatabaseConnection
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

  /// The collection's header, footer and the notes of every grouping's sections, as `annotate`
  /// left them, and the version of the write that last changed them (0: none since schema 8).
  public func notes(of collection: CollectionInfo) throws(CatalogError) -> CollectionNotes {
    let statement = try connection.prepare(
      "SELECT header, footer, notes_version FROM collections WHERE id = ?")
    try statement.bind(.integer(collection.id))
    guard try statement.step() else {
      throw .unknownCollection(name: collection.name, available: try collections().map(\.name))
    }
    var notes = CollectionNotes(
      version: statement.int(at: 2), header: statement.optionalText(at: 0),
      footer: statement.optionalText(at: 1), sections: [])
    try statement.run()
    let sections = try connection.prepare(
      """
      SELECT group_by, heading, header, footer FROM section_notes WHERE collection_id = ?
      ORDER BY group_by, heading
      """)
    try sections.bind(.integer(collection.id))
    while try sections.step() {
      notes.sections.append(
        CollectionNotes.Section(
          grouping: Grouping(storedColumn: sections.text(at: 0)),
          note: SectionNote(
            heading: sections.text(at: 1), header: sections.optionalText(at: 2),
            footer: sections.optionalText(at: 3))))
    }
    return notes
  }

  /// Makes a collection's notes `notes`, inside a write: a mirror taking its server's.
  func replaceNotes(of collectionID: Int, with notes: CollectionNotes) throws(CatalogError) {
    try connection.prepare("UPDATE collections SET header = ?2, footer = ?3 WHERE id = ?1")
      .bind(.integer(collectionID), text(notes.header), text(notes.footer)).run()
    try connection.prepare("DELETE FROM section_notes WHERE collection_id = ?")
      .bind(.integer(collectionID)).run()
    let insert = try connection.prepare(
      """
      INSERT INTO section_notes (collection_id, group_by, heading, header, footer)
      VALUES (?, ?, ?, ?, ?)
      """)
    for section in notes.sections {
      try insert.bind(
        .integer(collectionID), .text(section.grouping.storedColumn), .text(section.note.heading),
        text(section.note.header), text(section.note.footer)
      ).run()
    }
  }

  private func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
}
