/// A list whose keys the catalog stores for a collection: how it cuts the collection into
/// sections, and the locale its keys were made in (DESIGN §1).
public struct ListInfo: Hashable, Sendable {
  public let grouping: Grouping
  /// The canonical ICU locale id of the list's keys.
  public let locale: String

  public init(grouping: Grouping, locale: String) {
    self.grouping = grouping
    self.locale = locale
  }
}
