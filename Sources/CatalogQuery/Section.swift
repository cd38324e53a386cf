/// One section of an indexed list: what a sticky header shows, and where its items are.
public struct Section: Sendable, Equatable {
  /// The section's position in the list of sections, from 0.
  public let index: Int
  /// The letter, or the most frequent spelling of the column value; empty for blank values.
  public let heading: String
  /// The section's title in the right-edge index.
  public let indexTitle: String
  /// The number of items in the section; never 0.
  public let count: Int
  /// The row of the section's first item in the whole list.
  public let firstRow: Int
  /// Grouped-list text above the section's items, if set.
  public let header: String?
  /// Grouped-list text below the section's items, if set.
  public let footer: String?

  /// The rows of the section's items.
  public var rows: Range<Int> { firstRow..<firstRow + count }
}
