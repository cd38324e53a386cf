/// An item as a page of a collection's items gives it (`Catalog.itemPage(of:from:identity:limit:)`):
/// its fields as the version that last wrote it left them, or its removal and the version that
/// removed it.
public struct ItemChange: Equatable, Sendable {
  /// The item's number, which it keeps for good and no other item ever has (DESIGN §1).
  public let item: Int
  /// Its key, trimmed and in NFC, when the collection has a key column.
  public let key: String?
  /// The catalog version of the write that last added or changed it, or that removed it.
  public let version: Int
  /// Its fields, one per column of the collection; nil when it was removed.
  public let fields: [String]?

  public init(item: Int, key: String?, version: Int, fields: [String]?) {
    self.item = item
    self.key = key
    self.version = version
    self.fields = fields
  }

  /// Whether the item was removed.
  public var isRemoved: Bool { fields == nil }

  /// Where the item is in the order of changes: by version, then by item.
  public var position: ItemChangePosition { ItemChangePosition(version: version, item: item) }
}
