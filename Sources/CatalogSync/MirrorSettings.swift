import CatalogCollation
import CatalogStore

/// How a device lists its mirror (DESIGN §16): its own locale, groupings, index column and
/// search keys, made on the device; what it leaves nil is the server collection's.
public struct MirrorSettings: Sendable {
  public var locale: CollationLocale?
  public var groupBy: [String]
  public var indexBy: String?
  /// `--names`: nil for the server collection's.
  public var valuesAreNames: Bool?
  /// `--ignore-articles`: nil for the server collection's.
  public var ignoresArticles: Bool?
  public var search: Bool

  public init(
    locale: CollationLocale? = nil, groupBy: [String] = [], indexBy: String? = nil,
    valuesAreNames: Bool? = nil, ignoresArticles: Bool? = nil, search: Bool = false
  ) {
    self.locale = locale
    self.groupBy = groupBy
    self.indexBy = indexBy
    self.valuesAreNames = valuesAreNames
    self.ignoresArticles = ignoresArticles
    self.search = search
  }
}

/// Where a mirror stands (`catalog sync --status`).
public struct MirrorStatus: Sendable {
  public let source: MirrorSource
  /// Whether a token is set (never the token).
  public let hasToken: Bool
  public let conflicts: [MirrorConflict]
  public let rejected: [MirrorRejection]
}
