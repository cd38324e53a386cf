extension Catalog {
  /// Runs `body` with a writer for a collection, in one transaction that commits one version:
  /// every write in it is one change to the catalog, and on any error none is (DESIGN §9).
  ///
  /// ```swift
  /// let (_, summary) = try catalog.write(to: "contacts") { contacts in
  ///   try contacts.add(["name": "Åsa Lindqvist", "city": "Malmö"])
  ///   try contacts.remove(.number(17))
  /// }
  /// ```
  ///
  /// - Parameter collection: the collection's name; nil when the catalog holds exactly one.
  /// - Throws: what `body` throws, after rolling back; `CatalogError.unknownCollection`,
  ///   `.busy`, `.sqlite`.
  public func write<T>(to collection: String?, _ body: (CollectionWriter) throws -> T) throws
    -> (result: T, summary: WriteSummary)
  {
    var bodyError: (any Error)?
    do {
      return try withWriter(to: collection) { (writer) throws(CatalogError) -> T in
        do {
          return try body(writer)
        } catch let error as CatalogError {
          throw error
        } catch {
          // Another error type cannot cross the transaction; it rolls back as an interrupt
          // would, and the caller gets the body's own error.
          bodyError = error
          throw .interrupted
        }
      }
    } catch {
      throw bodyError ?? error
    }
  }

  /// `write(to:_:)` for a body that throws only catalog errors, with the errors typed.
  package func withWriter<T>(
    to collection: String?, _ body: (CollectionWriter) throws(CatalogError) -> T
  ) throws(CatalogError) -> (result: T, summary: WriteSummary) {
    try versionedWrite { () throws(CatalogError) in
      let writer = try CollectionWriter(catalog: self, collection: takeTurn(at: collection))
      let result = try body(writer)
      return try writer.finish().map { (result, $0) }
    }
  }

  /// Takes the turn of the collection named `name` (the only one when nil) to write it, and reads
  /// it once the turn is this writer's: where another writer of the collection may have
  /// committed meanwhile, its counts and next item number are what this write goes on from.
  private func takeTurn(at name: String?) throws(CatalogError) -> CollectionInfo {
    let locked = try name.map { (name) throws(CatalogError) in
      try connection.lockCollection(named: name)
    }
    let collection = try resolveCollection(named: name)
    if locked == nil, try connection.lockCollection(named: collection.name) {
      return try resolveCollection(named: collection.name)
    }
    return collection
  }

  /// Adds one item to a collection, in its own transaction; returns its number.
  @discardableResult
  public func add(_ fields: [String: String], to collection: String?) throws(CatalogError)
    -> (item: Int, summary: WriteSummary)
  {
    let (item, summary) = try withWriter(to: collection) { (writer) throws(CatalogError) in
      try writer.add(fields)
    }
    return (item, summary)
  }

  /// Sets some fields of one item, in its own transaction.
  @discardableResult
  public func update(
    _ item: ItemReference, in collection: String?, setting fields: [String: String]
  ) throws(CatalogError) -> WriteSummary {
    try withWriter(to: collection) { (writer) throws(CatalogError) in
      try writer.update(item, fields)
    }.summary
  }

  /// Removes items, in one transaction.
  @discardableResult
  public func remove(_ items: [ItemReference], from collection: String?) throws(CatalogError)
    -> WriteSummary
  {
    try withWriter(to: collection) { (writer) throws(CatalogError) in
      for item in items { try writer.remove(item) }
    }.summary
  }

  /// The key of an item of a collection with a key column; nil without one, or for no such item.
  public func key(ofItem item: Int, in collection: CollectionInfo) throws(CatalogError) -> String? {
    let statement = try connection.cached(
      "SELECT key FROM items WHERE collection_id = ? AND item = ?")
    try statement.bind(.integer(collection.id), .integer(item))
    defer { statement.reset() }
    return try statement.step() ? statement.optionalText(at: 0) : nil
  }
}
