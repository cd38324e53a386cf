/// Why a catalog cannot give the items of a collection that a client asked for by version and
/// identity (`Catalog.itemPage(of:from:identity:limit:)`): the client must copy the collection
/// again. Never a page that would miss a removal.
public enum ItemHistoryGap: Equatable, Sendable {
  /// The collection has another identity than the client's: it was made anew (dropped and made
  /// again, or replaced) since the client read it.
  case identityChanged(current: String)
  /// The removals of the versions after `since` are no longer all kept: the collection's history
  /// starts after `floor` (it was made then, or removals up to it were pruned).
  case notKept(since: Int, floor: Int)
}
