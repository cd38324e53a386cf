import Foundation

/// The condition of an `If-Match` header on a write to one item (DESIGN §15): the write goes
/// ahead only when the item has not changed since one of the versions it names (`"V"`, the
/// item's `ETag`), or, for `*`, whenever the item exists. Weak tags (`W/"V"`) never match, as
/// `If-Match` compares strongly.
struct VersionCondition: Equatable {
  /// The versions of the strong tags.
  let versions: [Int]
  /// Whether the header is `*`.
  let matchesAny: Bool

  /// The condition of `header`, a comma-separated list of entity tags, or `*`.
  ///
  /// - Throws: `APIError` 400 for anything else.
  init(header: String) throws(APIError) {
    let trimmed = header.trimmingCharacters(in: .whitespaces)
    guard trimmed != "*" else {
      versions = []
      matchesAny = true
      return
    }
    var versions: [Int] = []
    for tag in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
      let tag = tag.trimmingCharacters(in: .whitespaces)
      let isWeak = tag.hasPrefix("W/")
      let quoted = isWeak ? tag.dropFirst(2) : Substring(tag)
      guard quoted.count >= 3, quoted.first == "\"", quoted.last == "\"",
        let version = Int(quoted.dropFirst().dropLast()), version >= 0
      else {
        throw .badRequest(
          "the If-Match header must be '*' or the ETag of the item, such as \"12\"")
      }
      if !isWeak { versions.append(version) }
    }
    self.versions = versions
    matchesAny = false
  }

  /// Whether an item last written at `version` passes.
  func allows(_ version: Int) -> Bool {
    matchesAny || versions.contains { version <= $0 }
  }
}
