/// A collection's items in item order, read as one statement steps: flat memory for any size.
public final class StoredItemCursor {
  private let statement: any DatabaseStatement
  private var isDone = false

  init(connection: any DatabaseConnection, collectionID: Int) throws(CatalogError) {
    statement = try connection.cursor(
      "SELECT item, fields FROM items WHERE collection_id = ? ORDER BY item")
    try statement.bind(.integer(collectionID))
  }

  /// The next item's number and fields, or nil after the last.
  public func next() throws(CatalogError) -> (item: Int, fields: [String])? {
    guard !isDone else { return nil }
    guard try statement.step() else {
      isDone = true
      statement.reset()
      return nil
    }
    return (statement.int(at: 0), statement.stringArray(at: 1))
  }
}
