import CatalogQuery
import CatalogStore

/// What a table view holds of a list: its sections, each with a heading and the items of its
/// rows (item numbers and titles), kept up to date by applying change sets as UIKit's batch
/// updates apply them (`performBatchUpdates`): deletions first, by the positions before, then
/// insertions and moves, by the positions after. What a table view would ask its data source
/// for (the heading of an inserted section, the cell of an inserted or updated row) it reads
/// from the list, which already describes the version after the change.
struct TableModel: Equatable {
  struct Row: Equatable {
    let item: Int
    let title: String
  }

  struct Section: Equatable {
    var heading: String
    var rows: [Row]
  }

  private(set) var sections: [Section] = []

  /// The model of the list as it is now: what `reloadData()` gives.
  init(reading list: IndexedList) throws {
    let cursor = try list.sections()
    while let section = try cursor.next() {
      let rows = try list.items(in: section).collect().map { Row(item: $0.item, title: $0.title) }
      sections.append(Section(heading: section.heading, rows: rows))
    }
  }

  /// Applies one change set, as UIKit applies a batch update.
  mutating func apply(_ change: ChangeSet, from list: IndexedList) throws {
    guard !change.isReload else {
      self = try TableModel(reading: list)
      return
    }
    let moved = change.movedRows.map { sections[$0.from.section].rows[$0.from.row] }
    for path in (change.deletedRows + change.movedRows.map(\.from)).sorted(by: >) {
      sections[path.section].rows.remove(at: path.row)
    }
    for index in change.deletedSections.sorted(by: >) { sections.remove(at: index) }
    for index in change.insertedSections.sorted() {
      let heading = try list.section(at: index)?.heading ?? ""
      sections.insert(Section(heading: heading, rows: []), at: index)
    }
    var destinations: [ChangeSet.RowPath: Row] = [:]
    for (move, row) in zip(change.movedRows, moved) { destinations[move.to] = row }
    for path in (change.insertedRows + change.movedRows.map(\.to)).sorted() {
      let row = try destinations[path] ?? self.row(at: path, in: list)
      sections[path.section].rows.insert(row, at: path.row)
    }
    for index in change.updatedSections {
      sections[index].heading = try list.section(at: index)?.heading ?? sections[index].heading
    }
    for path in change.updatedRows {
      sections[path.section].rows[path.row] = try row(at: path, in: list)
    }
  }

  /// The row a data source gives for a path of the list as it is now.
  private func row(at path: ChangeSet.RowPath, in list: IndexedList) throws -> Row {
    guard let section = try list.section(at: path.section),
      let item = try list.item(atRow: section.firstRow + path.row)
    else { throw CatalogError.invalidRequest("no row at \(path)") }
    return Row(item: item.item, title: item.title)
  }
}
