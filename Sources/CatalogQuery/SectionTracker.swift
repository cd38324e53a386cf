import CatalogStore

/// Finds the sections of rows that come in ascending order: the current section, else the
/// following ones in order, else one lookup by key. Shared by the cursors over items, which read
/// their items with `item(from:)`.
struct SectionTracker {
  let list: IndexedList
  private var section: Section?
  private var following: SectionCursor?

  init(list: IndexedList) { self.list = list }

  /// The section that holds `row`, which is not before any row asked about earlier.
  mutating func section(containing row: Int) throws -> Section {
    while section == nil || !section!.rows.contains(row) {
      if let current = section, row >= current.rows.upperBound, let following,
        let next = try following.next()
      {
        section = next
        continue
      }
      guard let found = try list.section(containingRow: row) else {
        throw CatalogError.invalidRequest("row \(row) is outside the list")
      }
      section = found
      following = try SectionCursor(list: list, from: found.index + 1)
    }
    return section!
  }

  /// The item on the statement's current result row, whose columns are the row, the item number,
  /// the title and the fields (JSON), with its section.
  mutating func item(from statement: Statement) throws -> ListItem {
    let row = statement.int(at: 0)
    let section = try section(containing: row)
    return ListItem(
      row: row, section: section.index, heading: section.heading, item: statement.int(at: 1),
      title: statement.text(at: 2),
      fields: JSONText.decodeStringArray(statement.text(at: 3)) ?? [])
  }
}
