import CatalogStore
import Foundation

extension Catalog {
  /// How long a token's last use stands before a new one is recorded.
  public static let tokenUseInterval: TimeInterval = 60

  /// Makes an access token and returns its secret, which is shown this once: the catalog keeps
  /// only its SHA-256 (DESIGN §15). Not a write to any collection: it takes no version.
  ///
  /// - Parameters:
  ///   - name: what `token list` and `token revoke` call it; trimmed of white space.
  ///   - canWrite: whether it may write as well as read.
  ///   - collections: the collections it may use, by name (which need not exist yet: a token
  ///     may be made for a collection that a client creates); nil for every one.
  /// - Throws: `CatalogError.invalidTokenName`, `.invalidCollectionName` for a blank collection
  ///   name, `.tokenExists`, `.readOnly`.
  public func createToken(named name: String, canWrite: Bool, collections: [String]?)
    throws(CatalogError) -> TokenSecret
  {
    let trimmed = String(name.trimmingCharacters(in: .whitespacesAndNewlines))
    guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: Self.isControl) else {
      throw .invalidTokenName(name)
    }
    var names: [String] = []
    for collection in collections ?? [] {
      let collectionName = collection.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !collectionName.isEmpty else { throw .invalidCollectionName(collection) }
      if !names.contains(collectionName) { names.append(collectionName) }
    }
    let secret = TokenSecret.generate()
    try connection.transaction { () throws(CatalogError) in
      let existing = try connection.prepare("SELECT count(*) FROM tokens WHERE name = ?")
        .bind(.text(trimmed)).stepInteger()
      guard existing == 0 else { throw .tokenExists(name: trimmed) }
      try connection.prepare(
        """
        INSERT INTO tokens (name, secret_sha256, can_write, collections, created_at)
        VALUES (?, ?, ?, ?, ?)
        """
      ).bind(
        .text(trimmed), .blob(try secret.sha256()), .integer(canWrite ? 1 : 0),
        collections == nil ? .null : .text(JSONText.array(names)), .text(Self.now())
      ).run()
    }
    return secret
  }

  /// Every access token, by name.
  public func tokens() throws(CatalogError) -> [AccessToken] {
    let statement = try connection.prepare(
      "SELECT name, can_write, collections, created_at, last_used_at FROM tokens ORDER BY name")
    var tokens: [AccessToken] = []
    while try statement.step() {
      tokens.append(
        AccessToken(
          name: statement.text(at: 0), canWrite: statement.int(at: 1) != 0,
          collections: statement.isNull(at: 2) ? nil : statement.stringArray(at: 2),
          createdAt: statement.text(at: 3), lastUsedAt: statement.optionalText(at: 4)))
    }
    return tokens
  }

  /// Deletes the token called `name`: from the next request on, its secret is refused.
  ///
  /// - Throws: `CatalogError.unknownToken`, `.readOnly`.
  public func revokeToken(named name: String) throws(CatalogError) {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    try connection.transaction { () throws(CatalogError) in
      try connection.prepare("DELETE FROM tokens WHERE name = ?").bind(.text(trimmed)).run()
      guard connection.changes == 1 else {
        throw .unknownToken(name: trimmed, available: try tokens().map(\.name))
      }
    }
  }

  /// The token whose secret `secret` is; nil when there is none (never made, or revoked).
  ///
  /// The secret's SHA-256 is compared with every stored one, each in constant time, so that how
  /// long this takes says nothing about the stored digests.
  public func token(presenting secret: TokenSecret) throws(CatalogError) -> AccessToken? {
    let digest = try secret.sha256()
    let statement = try connection.cached(
      """
      SELECT secret_sha256, name, can_write, collections, created_at, last_used_at FROM tokens
      """)
    defer { statement.reset() }
    var found: AccessToken?
    while try statement.step() {
      let matches = TokenSecret.digestsEqual(Array(statement.blobBytes(at: 0)), digest)
      let token = AccessToken(
        name: statement.text(at: 1), canWrite: statement.int(at: 2) != 0,
        collections: statement.isNull(at: 3) ? nil : statement.stringArray(at: 3),
        createdAt: statement.text(at: 4), lastUsedAt: statement.optionalText(at: 5))
      if matches { found = token }
    }
    return found
  }

  /// Records that the token called `name` was used at `date`, unless its last use recorded is
  /// less than `tokenUseInterval` before: a token's use is written at most once a minute. Does
  /// nothing on a catalog opened read-only.
  public func recordUse(ofToken name: String, at date: Date = .now) throws(CatalogError) {
    guard !isReadOnly else { return }
    try connection.transaction { () throws(CatalogError) in
      try connection.prepare(
        """
        UPDATE tokens SET last_used_at = ?2
        WHERE name = ?1 AND (last_used_at IS NULL OR last_used_at <= ?3)
        """
      ).bind(
        .text(name), .text(Self.now(date)),
        .text(Self.now(date.addingTimeInterval(-Self.tokenUseInterval)))
      ).run()
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
  }
}
