extension Catalog {
  /// Removes a collection with everything stored for it (items, lists, search keys, notes), in
  /// one write; watchers of its lists get a reload.
  ///
  /// - Throws: `CatalogError.unknownCollection`, `.busy`, `.readOnly`.
  @discardableResult
  public func drop(collection name: String) throws(CatalogError) -> Int {
    try versionedWrite { () throws(CatalogError) in
      let collection = try resolveCollection(named: name)
      try engine.lockCollection(named: collection.name, on: connection)
      let lists = try storedGroupings(ofCollection: collection.id)
      try ListTables(connection: connection, keepsSearchStarts: keepsSearchStarts).deleteAll(
        ofCollection: collection.id)
      try connection.prepare("DELETE FROM items WHERE collection_id = ?")
        .bind(.integer(collection.id)).run()
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
      try engine.lockCollection(named: collection.name, on: connection)
      try engine.lockCollection(named: trimmed, on: connection)
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
