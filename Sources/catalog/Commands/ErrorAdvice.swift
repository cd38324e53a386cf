import CatalogStore

/// Commands to type that error messages suggest.
enum ErrorAdvice {
  /// The `catalog build` command that stores what is missing.
  static func buildCommand(for missing: MissingKeys) -> String {
    var words = ["catalog", "build", "-c", quoted(missing.collection)]
    let request = missing.request
    for column in request.groupBy { words += ["--group-by", quoted(column)] }
    for column in request.indexBy { words += ["--index-by", quoted(column)] }
    for locale in request.locales { words += ["--locale", quoted(locale.identifier)] }
    if request.search { words.append("--search") }
    return words.joined(separator: " ")
  }

  /// A word as a POSIX shell reads it back.
  private static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "_-.@=".contains($0) }
    return plain && !word.isEmpty
      ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
