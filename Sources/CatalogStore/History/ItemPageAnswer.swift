/// What `Catalog.itemPage(of:from:identity:limit:)` answers: a page, or why it cannot give one.
public enum ItemPageAnswer: Sendable {
  case page(ItemPage)
  case unavailable(ItemHistoryGap, identity: String)
}
