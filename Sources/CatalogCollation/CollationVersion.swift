/// The versions that decide what keys a collation makes: keys stored under one version must be
/// rebuilt when another is running.
public struct CollationVersion: Hashable, Sendable, CustomStringConvertible {
  /// ICU's version, such as "72.1".
  public let icu: String
  /// The collator's version (`ucol_getVersion`), such as "153.120.29.36".
  public let collator: String

  public init(icu: String, collator: String) {
    self.icu = icu
    self.collator = collator
  }

  public var description: String { "ICU \(icu), collator \(collator)" }
}
