/// A place in the order of a collection's changed items: by the version that last wrote (or
/// removed) an item, then by item number. No two items share a place.
public struct ItemChangePosition: Comparable, Hashable, Sendable {
  public let version: Int
  public let item: Int

  public init(version: Int, item: Int) {
    self.version = version
    self.item = item
  }

  public static func < (left: ItemChangePosition, right: ItemChangePosition) -> Bool {
    (left.version, left.item) < (right.version, right.item)
  }
}
