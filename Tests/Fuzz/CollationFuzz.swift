import Foundation

/// libFuzzer target for the collation entry points: the first line is a locale id to validate,
/// the rest a text to key in one of several locales, and to make search keys and a sorting text
/// of. Nothing may crash; a letter must be one of the labels; surrounding white space must never
/// change a key; no search key is empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCollation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let parts = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let requested = String(parts[0])
  let text = parts.count > 1 ? String(parts[1]) : ""
  if let locale = try? CollationLocale(requested) {
    precondition((try? CollationLocale(locale.identifier)) == locale, "canonical ids round-trip")
  }
  let collation = FuzzCollations.shared[size % FuzzCollations.shared.count]
  let sortKey = collation.sortKey(for: text)
  let sectionKey = collation.sectionKey(for: text)
  let position = collation.letterPosition(of: text)
  precondition(collation.labels.indices.contains(position), "a letter outside the labels")
  precondition(collation.sortKey(for: " \t" + text + "\u{3000}") == sortKey, "white space counted")
  precondition(
    collation.sectionKey(for: "\u{A0}" + text + " ") == sectionKey, "white space counted")
  precondition(collation.letterPosition(of: " " + text) == position, "white space counted")
  let makers = FuzzCollations.makers[size % FuzzCollations.makers.count]
  let searchKeys = makers.search.keys(title: text, sortAs: nil)
  precondition(!searchKeys.contains { $0.isEmpty }, "an empty search key")
  precondition(
    makers.search.keys(title: "\u{A0}" + text + " ", sortAs: nil) == searchKeys,
    "white space counted")
  _ = makers.sorting.sortingText(for: text)
  return 0
}

/// Collations opened once: opening one per input would measure ICU's start-up, not our code.
enum FuzzCollations {
  static let shared = [
    "en", "sv", "cs", "ja", "zh", "zh_Hant", "ko", "ar", "th",
  ]
  .map { try! Collation(localeIdentifier: $0) }

  /// Search keys and sorting texts with every option, in the locales whose readings differ.
  nonisolated(unsafe) static let makers = ["en", "fr", "zh", "ja", "ko", "th"].map { locale in
    let collation = try! Collation(localeIdentifier: locale)
    let options = SortingOptions(valuesAreNames: true, ignoresArticles: true)
    return (
      search: try! SearchKeyMaker(collation: collation, options: options),
      sorting: try! SortingTextMaker(collation: collation, options: options)
    )
  }
}
