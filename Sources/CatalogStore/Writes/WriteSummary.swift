/// What one committed write did to a collection's items (DESIGN §9): its version and the numbers
/// of the items it added, updated (fields changed) and removed, each in ascending order.
public struct WriteSummary: Sendable, Equatable {
  public let version: Int
  public let added: ItemNumbers
  public let updated: ItemNumbers
  public let removed: ItemNumbers

  public init(
    version: Int, added: ItemNumbers = [], updated: ItemNumbers = [], removed: ItemNumbers = []
  ) {
    self.version = version
    self.added = added
    self.updated = updated
    self.removed = removed
  }

  /// The summary as the JSON object `--format json` prints.
  public var jsonText: String {
    func list(_ items: ItemNumbers) -> String {
      "[" + items.map(String.init).joined(separator: ",") + "]"
    }
    return "{\"version\":\(version),\"added\":\(list(added)),\"updated\":\(list(updated)),"
      + "\"removed\":\(list(removed))}"
  }
}
