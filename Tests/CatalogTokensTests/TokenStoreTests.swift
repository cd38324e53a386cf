import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore
@testable import CatalogTokens

/// Access tokens kept in the catalog (DESIGN §15), on both engines: a secret shown once, only
/// its SHA-256 kept, found again by it, refused once revoked, and its use recorded at most once a
/// minute.
struct TokenStoreTests {
  @Test func aSecretIsThePrefixAnd43CharactersOfBase64URL() {
    let secrets = (0..<100).map { _ in TokenSecret.generate().text }
    #expect(Set(secrets).count == 100)
    for secret in secrets {
      #expect(secret.hasPrefix("ctk_"))
      #expect(secret.count == 47)
      #expect(
        secret.dropFirst(4).allSatisfy {
          $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
        })
      #expect(TokenSecret(secret)?.text == secret)
    }
    // Nothing that is not spelled as a secret is taken for one.
    let body = String(repeating: "A", count: 43)
    for text in [
      "", "ctk_", "ctk_" + body + "A", "ctk_" + body.dropLast(), "ctx_" + body,
      "ctk_" + body.dropLast() + "=", "ctk_" + body.dropLast() + "+", "CTK_" + body,
    ] {
      #expect(TokenSecret(text) == nil, "\(text)")
    }
    // Its description never shows it.
    #expect("\(TokenSecret.generate())" == "ctk_…")
  }

  @Test func theDigestIsTheSHA256OfTheSecretsText() throws {
    // `printf 'ctk_AAA…A' | sha256sum`, with 43 A's.
    let secret = try #require(TokenSecret("ctk_" + String(repeating: "A", count: 43)))
    #expect(
      try secret.sha256().map { String(format: "%02x", $0) }.joined()
        == "9702e042b9ec935a34d43ab64e643bedf2cb81ce62b72a031b63e0298fa8f9e6")
    #expect(TokenSecret.digestsEqual(try secret.sha256(), try secret.sha256()))
    #expect(!TokenSecret.digestsEqual(try secret.sha256(), try TokenSecret.generate().sha256()))
    #expect(!TokenSecret.digestsEqual(try secret.sha256(), Array(try secret.sha256().dropLast())))
  }

  @Test(arguments: TestEngine.all)
  func aTokenIsFoundByItsSecretAndRefusedOnceRevoked(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let writer = try test.catalog.createToken(named: " ci ", canWrite: true, collections: nil)
    let reader = try test.catalog.createToken(
      named: "page", canWrite: false, collections: ["people", "cities", "people"])
    let versionBefore = try test.catalog.version()
    #expect(try test.catalog.token(presenting: writer)?.name == "ci")
    let page = try #require(try test.catalog.token(presenting: reader))
    #expect(page.name == "page")
    #expect(!page.canWrite)
    #expect(page.collections == ["people", "cities"])
    #expect(page.covers(collection: "cities") && !page.covers(collection: "citie"))
    #expect(try test.catalog.token(presenting: TokenSecret.generate()) == nil)

    let listed = try test.catalog.tokens()
    #expect(listed.map(\.name) == ["ci", "page"])
    #expect(listed.map(\.canWrite) == [true, false])
    #expect(listed[0].collections == nil && listed[0].covers(collection: "anything"))
    #expect(listed.allSatisfy { $0.lastUsedAt == nil && $0.createdAt.hasSuffix("Z") })

    // Another connection (another request, another process) sees the revocation at once.
    let other = try test.reopen()
    try test.catalog.revokeToken(named: "ci")
    #expect(try other.token(presenting: writer) == nil)
    #expect(try other.token(presenting: reader)?.name == "page")
    #expect(try test.catalog.tokens().map(\.name) == ["page"])
    // Tokens are not catalog content: no version is taken.
    #expect(try test.catalog.version() == versionBefore)
  }

  @Test(arguments: TestEngine.all)
  func theCatalogKeepsOnlyTheDigestNeverTheSecret(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let secret = try test.catalog.createToken(named: "ci", canWrite: true, collections: nil)
    let hex = try secret.sha256().map { String(format: "%02x", $0) }.joined()
    switch engine {
    case .sqlite:
      #expect(try test.sqlite3("SELECT lower(hex(secret_sha256)) FROM tokens") == [hex])
      // Every byte the catalog has on disk: the file and its write-ahead log.
      for file in [test.path, test.path + "-wal"] {
        let bytes = try Data(contentsOf: URL(filePath: file))
        #expect(bytes.firstRange(of: Data(secret.text.utf8)) == nil, "\(file)")
        #expect(bytes.firstRange(of: Data(secret.text.utf8.dropFirst(4))) == nil, "\(file)")
      }
    case .postgreSQL:
      #expect(try test.rows("SELECT encode(secret_sha256, 'hex') FROM tokens") == [hex])
      let everything = try test.rows("SELECT t::text FROM tokens t").joined()
      #expect(!everything.contains(String(secret.text.dropFirst(4))))
    }
  }

  @Test(arguments: TestEngine.all)
  func namesMustBeNewAndNotBlankAndOnlyKnownOnesAreRevoked(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    _ = try test.catalog.createToken(named: "ci", canWrite: false, collections: nil)
    #expect(throws: CatalogError.tokenExists(name: "ci")) {
      try test.catalog.createToken(named: "ci ", canWrite: true, collections: nil)
    }
    for name in ["", "  ", "tab\there"] {
      #expect(throws: CatalogError.invalidTokenName(name)) {
        try test.catalog.createToken(named: name, canWrite: true, collections: nil)
      }
    }
    #expect(throws: CatalogError.invalidCollectionName(" ")) {
      try test.catalog.createToken(named: "x", canWrite: true, collections: [" "])
    }
    #expect(throws: CatalogError.unknownToken(name: "cj", available: ["ci"])) {
      try test.catalog.revokeToken(named: "cj")
    }
    #expect(try test.catalog.tokens().map(\.name) == ["ci"])
  }

  @Test(arguments: TestEngine.all)
  func aTokensUseIsRecordedAtMostOnceAMinute(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    _ = try test.catalog.createToken(named: "ci", canWrite: true, collections: nil)
    let start = Date(timeIntervalSince1970: 1_750_000_000)
    func lastUse() throws -> String? { try test.catalog.tokens().first?.lastUsedAt }
    try test.catalog.recordUse(ofToken: "ci", at: start)
    #expect(try lastUse() == "2025-06-15T15:06:40Z")
    try test.catalog.recordUse(ofToken: "ci", at: start + 59)
    #expect(try lastUse() == "2025-06-15T15:06:40Z")
    try test.catalog.recordUse(ofToken: "ci", at: start + 60)
    #expect(try lastUse() == "2025-06-15T15:07:40Z")
  }

  @Test func aReadOnlyCatalogRecordsNoUse() throws {
    let test = try TestCatalog()
    let secret = try test.catalog.createToken(named: "ci", canWrite: true, collections: nil)
    let readOnly = try test.reopen(configuration: .init(readOnly: true))
    #expect(try readOnly.token(presenting: secret)?.name == "ci")
    try readOnly.recordUse(ofToken: "ci")
    #expect(try test.catalog.tokens().first?.lastUsedAt == nil)
  }
}
