/// An access token as `catalog token list` shows it (DESIGN §15): its name, what it may do and
/// where, when it was made and last used. Never its secret, which the catalog does not keep.
public struct AccessToken: Equatable, Sendable {
  public let name: String
  /// Whether it may write (add, update, remove, import) as well as read.
  public let canWrite: Bool
  /// The collections it may read and write, by name; nil for every collection.
  public let collections: [String]?
  /// When it was made, ISO 8601 in UTC.
  public let createdAt: String
  /// When it was last presented, ISO 8601 in UTC, to the minute or so (recorded at most once a
  /// minute); nil when never.
  public let lastUsedAt: String?

  public init(
    name: String, canWrite: Bool, collections: [String]?, createdAt: String, lastUsedAt: String?
  ) {
    self.name = name
    self.canWrite = canWrite
    self.collections = collections
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
  }

  /// Whether the token may use (read, or with `canWrite` write) the collection called `name`.
  public func covers(collection name: String) -> Bool {
    collections.map { $0.contains { $0.utf8.elementsEqual(name.utf8) } } ?? true
  }
}
