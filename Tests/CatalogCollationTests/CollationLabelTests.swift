import CatalogCollation
import Testing

@Test func probe() throws {
  for id in [
    "en", "sv", "da", "es", "cs", "de", "ru", "el", "ar", "he", "ja", "ko", "zh", "zh_Hant",
    "zh-Hant-TW", "sr-Latn", "fr",
  ] {
    let c = try Collation(localeIdentifier: id)
    print(id, c.locale, c.version, c.labels.joined(separator: " "))
  }
  for id in [
    "xx_YY", "!!", "", "en_XX", "de_DE", "en_US_POSIX", "root", "und", "zh_Hant_TW", "sv-SE", "EN",
  ] {
    print(id, (try? CollationLocale(id))?.identifier ?? "ERROR")
  }
}
