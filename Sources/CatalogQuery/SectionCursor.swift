import CatalogStore

/// The sections of a list in order, from a given one on, read a batch at a time.
public final class SectionCursor: Cursor {
  private let list: IndexedList
  private let stored: StoredSectionCursor

  init(list: IndexedList, from index: Int) throws(CatalogError) {
    self.list = list
    stored = try list.reader.sections(from: max(index, 0), indexBy: list.indexBy)
  }

  public func next() throws -> Section? {
    try stored.next().map(list.section)
  }
}
