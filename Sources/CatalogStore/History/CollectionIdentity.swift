/// The identity of a collection (DESIGN §16): 16 random bytes as 32 lowercase hex digits, made
/// when the collection is made and made anew when its contents are replaced wholesale, so that a
/// client that followed it by version knows when its versions no longer describe what it holds.
enum CollectionIdentity {
  /// A new identity, from the system's cryptographically secure random bytes.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<2 {
      let word = String(generator.next() as UInt64, radix: 16)
      text += String(repeating: "0", count: 16 - word.count) + word
    }
    return text
  }
}
