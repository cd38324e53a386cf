/// Where a page of a collection's items starts (`Catalog.itemPage(of:from:identity:limit:)`).
public enum ItemPageStart: Equatable, Sendable {
  /// The whole collection by item number, after item `after` (from the first when nil): a first
  /// copy, each page read at the version it names.
  case copy(after: Int?)
  /// The items written or removed after version `since`, in the order of their positions, after
  /// `after` (from the first when nil): a client that holds the collection as of `since`
  /// catches up.
  case changes(since: Int, after: ItemChangePosition?)
}
