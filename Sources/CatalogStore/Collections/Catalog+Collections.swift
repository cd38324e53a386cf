import CatalogCollation

extension Catalog {
  /// Removes a collection with everything stored for it (items, lists, search keys, notes), in
  /// one write; watchers of its lists get a reload.
  ///
  /// - Throws: `CatalogError.unknownCollection`, `.busy`, `.readOnly`.
  @discardableResult
  public func drop(collection name: String) throws(CatalogError) -> Int {
    try versionedWrite { () throws(CatalogError) in
      let collection = try resolveCollection(named: name)
      try connection.lockCollection(named: collection.name)
      let lists = try storedLists(ofCollection: collection.id)
      try ListTables(connection: connection, keepsSearchStarts: keepsSearchStarts).deleteAll(
        ofCollection: collection.id)
      try connection.prepare("DELETE FROM items WHERE collection_id = ?")
        .bind(.integer(collection.id)).run()
      try forgetRemovals(from: collection.id)
      try forgetMirror(of: collection.id)
      try connection.prepare("DELETE FROM collections WHERE id = ?")
        .bind(.integer(collection.id)).run()
      writerSetups[collection.id] = nil
      return .changed { (version) throws(CatalogError) in
        for list in lists {
          try self.log(
            .reload(
              version: version, collection: collection.name, grouping: list.grouping,
              locale: list.locale))
        }
        return version
      }
    }
  }

  /// Gives a collection another name, keeping everything else, in one write; watchers of its
  /// lists under either name get a reload.
  ///
  /// - Throws: `CatalogError.unknownCollection`, `.invalidCollectionName` for a blank name,
  ///   `.collectionExists` when another collection has the new name.
  @discardableResult
  public func rename(collection name: String, to newName: String) throws(CatalogError) -> Int {
    let trimmed = String(newName.trimmingWhiteSpace)
    guard !trimmed.isEmpty else { throw .invalidCollectionName(newName) }
    return try versionedWrite { () throws(CatalogError) in
      let collection = try resolveCollection(named: name)
      try connection.lockCollection(named: collection.name)
      try connection.lockCollection(named: trimmed)
      guard !trimmed.utf8.elementsEqual(collection.name.utf8) else {
        return .unchanged(try version())
      }
      if try self.collection(named: trimmed) != nil { throw .collectionExists(name: trimmed) }
      try connection.prepare("UPDATE collections SET name = ? WHERE id = ?")
        .bind(.text(trimmed), .integer(collection.id)).run()
      return .changed { (version) throws(CatalogError) in
        try self.connection.prepare("UPDATE collections SET version = ? WHERE id = ?")
          .bind(.integer(version), .integer(collection.id)).run()
        try self.logReload(ofCollection: collection.id, named: collection.name, version: version)
        try self.logReload(ofCollection: collection.id, named: trimmed, version: version)
        return version
      }
    }
  }
}

extension Catalog {
  private static let collectionColumns =
    """
    id, name, columns, title_column, sort_as, locale, header, footer, item_count, key_column,
    next_item, version, imported_at, names, ignores_articles
    """

  /// Every collection in the catalog, by name.
  public func collections() throws(CatalogError) -> [CollectionInfo] {
    let statement = try connection.prepare(
      "SELECT \(Self.collectionColumns) FROM collections ORDER BY name")
    var collections: [CollectionInfo] = []
    while try statement.step() { collections.append(Self.collectionInfo(from: statement)) }
    return collections
  }

  /// The lists whose keys are stored for `collection`: letters first, then by column, each
  /// column's locales in order.
  public func lists(of collection: CollectionInfo) throws(CatalogError) -> [ListInfo] {
    let statement = try connection.prepare(
      "SELECT group_by, locale FROM groupings WHERE collection_id = ? ORDER BY group_by, locale")
    try statement.bind(.integer(collection.id))
    var groupings: [ListInfo] = []
    while try statement.step() {
      groupings.append(
        ListInfo(
          grouping: Grouping(storedColumn: statement.text(at: 0)), locale: statement.text(at: 1)))
    }
    return groupings
  }

  /// The collection called `name`, or nil when there is none.
  public func collection(named name: String) throws(CatalogError) -> CollectionInfo? {
    let statement = try connection.cached(named: "collection named") {
      "SELECT \(Self.collectionColumns) FROM collections WHERE name = ?"
    }
    try statement.bind(.text(name))
    defer { statement.reset() }
    return try statement.step() ? Self.collectionInfo(from: statement) : nil
  }

  /// The collection with this row id.
  func collection(id: Int) throws(CatalogError) -> CollectionInfo {
    guard let collection = try Self.collection(id: id, in: connection) else {
      throw .invalidRequest("no collection with id \(id) in \(path)")
    }
    return collection
  }

  /// The collection with this row id as `connection` (a snapshot's) sees it, if it exists.
  package static func collection(id: Int, in connection: any DatabaseConnection)
    throws(CatalogError)
    -> CollectionInfo?
  {
    let statement = try connection.prepare(
      "SELECT \(collectionColumns) FROM collections WHERE id = ?")
    try statement.bind(.integer(id))
    return try statement.step() ? collectionInfo(from: statement) : nil
  }

  /// The id of a stored list as `connection` (a snapshot's) sees it, if it exists.
  package static func listID(
    collectionID: Int, grouping: Grouping, locale: String, in connection: any DatabaseConnection
  ) throws(CatalogError) -> Int? {
    let statement = try connection.prepare(
      "SELECT id FROM groupings WHERE collection_id = ? AND group_by = ? AND locale = ?")
    try statement.bind(.integer(collectionID), .text(grouping.storedColumn), .text(locale))
    return try statement.step() ? statement.int(at: 0) : nil
  }

  private static func collectionInfo(from statement: any DatabaseStatement) -> CollectionInfo {
    CollectionInfo(
      id: statement.int(at: 0), name: statement.text(at: 1),
      columns: statement.stringArray(at: 2),
      titleColumn: statement.text(at: 3),
      sortAs: statement.stringArray(at: 4),
      locale: statement.text(at: 5), header: statement.optionalText(at: 6),
      footer: statement.optionalText(at: 7), itemCount: statement.int(at: 8),
      keyColumn: statement.optionalText(at: 9), nextItem: statement.int(at: 10),
      version: statement.int(at: 11), importedAt: statement.text(at: 12),
      sortingOptions: SortingOptions(
        valuesAreNames: statement.int(at: 13) != 0, ignoresArticles: statement.int(at: 14) != 0))
  }
}

extension Catalog {
  /// The collection called `name`; with nil, the catalog's only collection.
  ///
  /// - Throws: `CatalogError.unknownCollection` for a name that no collection has (or an empty
  ///   catalog), `.collectionNotChosen` for nil when there are several.
  public func resolveCollection(named name: String?) throws(CatalogError) -> CollectionInfo {
    if let name, let collection = try collection(named: name) { return collection }
    let collections = try collections()
    if name == nil && collections.count == 1 { return collections[0] }
    if let name { throw .unknownCollection(name: name, available: collections.map(\.name)) }
    if collections.isEmpty { throw .noCollections(path: path) }
    throw .collectionNotChosen(available: collections.map(\.name))
  }
}
