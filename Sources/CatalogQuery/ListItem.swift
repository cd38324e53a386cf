/// One row of an indexed list: an item, with the section that holds it.
public struct ListItem: Sendable, Equatable {
  /// The item's position in the whole list, from 0.
  public let row: Int
  /// The position of the item's section.
  public let section: Int
  /// The heading of the item's section.
  public let heading: String
  /// The item's number in import order, from 0.
  public let item: Int
  /// The value of the title column.
  public let title: String
  /// Every field, in the collection's column order.
  public let fields: [String]
}
