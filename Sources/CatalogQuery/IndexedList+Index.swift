import CatalogStore

extension IndexedList {
  /// The right-edge index (DESIGN §2, §3).
  ///
  /// For letter grouping: every label of the locale and `#`, with its count (0 for an empty
  /// letter) and the section a tap jumps to, the first non-empty one at or after it, else the
  /// last. For a column grouping, or with index titles from a column: one entry per distinct
  /// title, in section order, jumping to its first section and counting all its items.
  ///
  /// - Parameters:
  ///   - compact: leave out the entries without items.
  ///   - includesSearch: put a search entry (the magnifying glass) first.
  public func indexEntries(compact: Bool = false, includesSearch: Bool = false) throws
    -> [IndexEntry]
  {
    var entries =
      grouping == .letters && indexBy == nil ? try letterEntries() : try titleEntries()
    if compact { entries.removeAll { $0.count == 0 } }
    if includesSearch {
      entries.insert(
        IndexEntry(kind: .search, title: IndexEntry.searchTitle, section: nil, count: 0), at: 0)
    }
    return entries
  }

  private func letterEntries() throws -> [IndexEntry] {
    let sections = try self.sections().collect()
    let sectionByLabel = Dictionary(
      sections.map { ($0.heading, $0) }, uniquingKeysWith: { first, _ in first })
    var target = sections.last?.index
    var entries: [IndexEntry] = []
    for label in collation.labels.reversed() {
      let section = sectionByLabel[label]
      if let section { target = section.index }
      entries.append(
        IndexEntry(kind: .title, title: label, section: target, count: section?.count ?? 0))
    }
    return entries.reversed()
  }

  private func titleEntries() throws -> [IndexEntry] {
    var order: [String] = []
    var entries: [String: (section: Int, count: Int)] = [:]
    let cursor = try sections()
    while let section = try cursor.next() {
      if let entry = entries[section.indexTitle] {
        entries[section.indexTitle] = (entry.section, entry.count + section.count)
      } else {
        order.append(section.indexTitle)
        entries[section.indexTitle] = (section.index, section.count)
      }
    }
    return order.map { title in
      IndexEntry(
        kind: .title, title: title, section: entries[title]!.section, count: entries[title]!.count)
    }
  }

  /// The section that the index entry titled `title` jumps to.
  ///
  /// - Throws: `CatalogError.unknownIndexTitle` when no entry has the title.
  public func section(forIndexTitle title: String) throws -> Section? {
    let entries = try indexEntries()
    guard let entry = entries.first(where: { $0.title == title }) else {
      throw CatalogError.unknownIndexTitle(title: title, available: entries.map(\.title))
    }
    return try entry.section.flatMap { index in try section(at: index) }
  }
}
