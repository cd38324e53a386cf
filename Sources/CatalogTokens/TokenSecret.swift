internal import CCrypto
import CatalogStore
import Foundation

/// The secret of an access token (DESIGN §15): `ctk_` and 43 characters of base64url, the
/// spelling of 32 random bytes. The catalog keeps only its SHA-256, and its `description` never
/// shows it, so that it cannot reach a log or a message by accident; `text` is the secret itself,
/// for the one time it is shown and for a client to send.
public struct TokenSecret: Sendable, Equatable, CustomStringConvertible {
  /// What every secret starts with, so that one is recognised in a file or a log.
  public static let prefix = "ctk_"
  /// How many random bytes a secret spells.
  static let byteCount = 32
  /// How many characters of base64url spell them (without padding).
  static let encodedLength = 43

  /// The secret, as a client sends it in `Authorization: Bearer …`.
  public let text: String

  /// `text` when it is spelled as a secret is; nil otherwise.
  public init?(_ text: String) {
    let body = text.utf8.dropFirst(Self.prefix.utf8.count)
    guard text.hasPrefix(Self.prefix), body.count == Self.encodedLength,
      body.allSatisfy(Self.isBase64URL)
    else { return nil }
    self.text = text
  }

  private init(random bytes: [UInt8]) {
    text =
      Self.prefix
      + Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// A new secret from the system's cryptographically secure random bytes (`getrandom(2)` on
  /// Linux, through `SystemRandomNumberGenerator`).
  public static func generate() -> TokenSecret {
    var generator = SystemRandomNumberGenerator()
    return TokenSecret(random: (0..<byteCount).map { _ in generator.next() })
  }

  /// The SHA-256 of the secret's text: what the catalog stores and compares.
  ///
  /// - Throws: `CatalogError.cannotHash` when OpenSSL's libcrypto cannot be loaded.
  func sha256() throws(CatalogError) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var error: UnsafePointer<CChar>?
    var text = text
    let hashed = text.withUTF8 { bytes in
      ccrypto_sha256(bytes.baseAddress, bytes.count, &digest, &error)
    }
    guard hashed == 1 else {
      throw .cannotHash(reason: error.map { String(cString: $0) } ?? "unknown")
    }
    return digest
  }

  public var description: String { Self.prefix + "…" }

  private static func isBase64URL(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// Whether two digests are equal, in a time that depends on their length alone: every byte is
  /// compared, whichever differ, so that the time of a refusal tells nothing about a stored one.
  static func digestsEqual(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    var difference: UInt8 = 0
    for index in first.indices { difference |= first[index] ^ second[index] }
    return difference == 0
  }
}
