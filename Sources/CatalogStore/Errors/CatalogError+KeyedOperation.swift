extension CatalogError {
  /// An operation that names items by key, in an error about a collection without a key column
  /// (`CatalogError.keyRequired`). Its description is the library's words; a tool spells it as
  /// its own option or parameter (`CatalogError.description(role:operation:)`).
  public enum KeyedOperation: Equatable, Sendable, CustomStringConvertible {
    /// Naming an item by its key (`ItemReference.key`).
    case itemByKey
    /// Writing an item by its key: updating the item of that key, or adding it
    /// (`CollectionWriter.upsert`).
    case upsert
    /// An import whose rows update the items of their keys (`ImportOptions.Mode.upsert`).
    case upsertImport
    /// An import that also removes the items whose keys the file lacks
    /// (`ImportOptions.Mode.sync`).
    case syncImport
    /// Adding an item to a collection that mirrors a server's (DESIGN §16): the server numbers
    /// it only when the add is uploaded, so until then the device names it by key.
    case mirrorAdd

    public var description: String {
      switch self {
      case .itemByKey: return "naming an item by key"
      case .upsert: return "an upsert"
      case .upsertImport: return "an import in upsert mode"
      case .syncImport: return "an import in sync mode"
      case .mirrorAdd:
        return "adding an item to a mirror (the server numbers it only once it is uploaded)"
      }
    }
  }
}
