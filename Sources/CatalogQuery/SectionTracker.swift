import CatalogStore

/// Finds the sections of rows that come in ascending order: the current section, else the
/// following ones in order, else one lookup by key. Shared by the cursors over items.
struct SectionTracker {
  let list: IndexedList
  private var section: (key: [UInt8], value: Section)?
  private var following: StoredSectionCursor?

  init(list: IndexedList) { self.list = list }

  /// The section with this key, which is not before any section asked about earlier.
  mutating func section(withKey key: [UInt8]) throws -> Section {
    if let section, section.key == key { return section.value }
    if section != nil, let next = try following?.next(), next.key == key {
      section = (key, list.section(next))
      return list.section(next)
    }
    guard let found = try list.reader.section(withKey: key, indexBy: list.indexBy) else {
      throw CatalogError.damagedList(
        listID: list.reader.listID, reason: "a row has no section")
    }
    section = (key, list.section(found))
    following = try list.reader.sections(from: found.index + 1, indexBy: list.indexBy)
    return list.section(found)
  }

  /// The list item of a stored row at `offset`, with its section.
  mutating func item(_ row: StoredRow, offset: Int) throws -> ListItem {
    let section = try section(withKey: row.sectionKey)
    return ListItem(
      row: offset, section: section.index, heading: section.heading, item: row.item,
      title: row.title, fields: row.fields)
  }
}
