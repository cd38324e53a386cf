import CatalogStore

extension IndexedList {
  // MARK: - Sections

  /// The sections in order, from `index` on, read lazily.
  public func sections(from index: Int = 0) throws(CatalogError) -> SectionCursor {
    try SectionCursor(list: self, from: index)
  }

  /// The section at `index`, or nil past the end.
  public func section(at index: Int) throws -> Section? {
    guard index >= 0 else { return nil }
    let section = try sections(from: index).next()
    return section?.index == index ? section : nil
  }

  /// The section that holds `row`, which is the heading that sticks at the top when the list is
  /// scrolled to that row; nil outside the list. O(log n) by the stored counts.
  public func section(containingRow row: Int) throws -> Section? {
    guard row >= 0 && row < itemCount, let key = try reader.rowKey(at: row) else { return nil }
    return try reader.section(withKey: ListKey.section(ofRow: key), indexBy: indexBy).map(section)
  }

  /// The section whose heading folds equal to `heading` in the list's locale ("quebec" finds
  /// "Québec" in `fr`).
  ///
  /// - Throws: `CatalogError.unknownSection` when there is none.
  public func section(withHeading heading: String) throws -> Section {
    let key = ListKey.section(forHeading: heading, in: grouping, collation: collation)
    guard let key, let found = try reader.section(withKey: key, indexBy: indexBy) else {
      throw CatalogError.unknownSection(
        heading: heading, collection: collection.name, grouping: grouping)
    }
    return section(found)
  }

  // MARK: - Items

  /// The items of the rows `offset ..< offset + limit` (to the end without a limit), lazily.
  public func items(fromRow offset: Int = 0, limit: Int? = nil) throws(CatalogError)
    -> ItemCursor
  {
    let start = min(max(offset, 0), itemCount)
    let end = limit.map { min(start + max($0, 0), itemCount) } ?? itemCount
    return try ItemCursor(list: self, rows: start..<end)
  }

  /// The item at `row` with its section, or nil outside the list: what a list UI shows at a scroll
  /// position. O(log n) by the stored counts.
  public func item(atRow row: Int) throws -> ListItem? {
    guard row >= 0 && row < itemCount else { return nil }
    return try items(fromRow: row, limit: 1).next()
  }

  /// The items of one section, lazily.
  public func items(in section: Section) throws(CatalogError) -> ItemCursor {
    try ItemCursor(list: self, rows: section.rows)
  }
}
