/// One page of a collection's items (`Catalog.itemPage(of:from:identity:limit:)`), read at one
/// catalog version.
///
/// A first copy reads every page of `.copy`, then catches up with `.changes(since:)` the
/// `version` of its first page: an item written after that version, on a page read before or
/// after, is among the changes. Following `.changes` page by page, the last page's `version` is
/// the version the client has reached.
public struct ItemPage: Sendable {
  /// The collection's name and its columns, which name each change's fields.
  public let collection: CollectionInfo
  /// The collection's identity, which a client sends back to learn when it is made anew.
  public let identity: String
  /// The catalog version the page was read at.
  public let version: Int
  /// The items, in item order for a copy, else in the order of their positions.
  public let changes: [ItemChange]
  /// Where the next page starts; nil on the last page.
  public let next: ItemPageStart?
  /// The version of the collection's notes (`CollectionNotes.version`) at the page's version.
  public let notesVersion: Int
  /// The collection's notes, when they changed after the version the client asked about.
  public let notes: CollectionNotes?
}
