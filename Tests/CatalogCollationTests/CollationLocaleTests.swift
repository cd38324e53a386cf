import CatalogCollation
import Testing

/// Locale ids: ICU ids and BCP 47 tags are accepted; unknown and malformed ones are errors.
struct CollationLocaleTests {
  @Test(arguments: [
    ("sv", "sv"), ("de_DE", "de_DE"), ("zh_Hant", "zh_Hant"), ("zh-Hant-TW", "zh_Hant_TW"),
    ("sr-Latn", "sr_Latn"), ("sv-SE", "sv_SE"), ("EN", "en"), ("es-419", "es_419"),
  ])
  func knownLocalesCanonicalize(requested: String, canonical: String) throws {
    #expect(try CollationLocale(requested).identifier == canonical)
  }

  @Test(arguments: [
    "xx_YY", "xx", "!!", "", "en_XX", "root", "und", "sv SE", "de_Abcd_DE",
    "sq_x_x_",  // found by fuzzing: ICU made it "sq@x=x", which is not an id it accepts back
  ])
  func unknownOrMalformedLocalesAreErrors(requested: String) {
    #expect(throws: CollationError.unknownLocale(requested)) { try CollationLocale(requested) }
  }

  /// Found by fuzzing: ids that fill ICU's buffer were read past their end (an overflow that the
  /// address sanitizer caught). The first is the fuzzer's input; the second is past the limit.
  @Test(arguments: [
    "az--_" + String(repeating: "v", count: 136) + "--_-__Hvvvvvvv--_-_",
    "sv_SE_" + String(repeating: "X", count: 160),
  ])
  func idsAsLongAsICUsBufferAreRefusedSafely(requested: String) {
    #expect(throws: CollationError.unknownLocale(requested)) { try CollationLocale(requested) }
  }

  @Test(arguments: ["sv", "de_DE", "zh-Hant-TW", "sr-Latn", "es-419", "sq_x", "en_US_POSIX"])
  func canonicalIdsAreAcceptedAsTheyAre(requested: String) throws {
    let canonical = try CollationLocale(requested).identifier
    #expect(try CollationLocale(canonical).identifier == canonical)
  }

  @Test func environmentGivesTheLocaleWithoutCodeset() throws {
    #expect(try CollationLocale.fromEnvironment(["LANG": "sv_SE.UTF-8"]).identifier == "sv_SE")
    #expect(
      try CollationLocale.fromEnvironment(["LC_ALL": "de_DE@euro", "LANG": "sv_SE"]).identifier
        == "de_DE")
    #expect(
      try CollationLocale.fromEnvironment(["LC_ALL": "", "LC_COLLATE": "ja_JP", "LANG": "sv"])
        .identifier == "ja_JP")
  }

  @Test func posixAndNoSettingMeanEnglish() throws {
    #expect(try CollationLocale.fromEnvironment([:]).identifier == "en")
    #expect(try CollationLocale.fromEnvironment(["LANG": "C"]).identifier == "en")
    #expect(try CollationLocale.fromEnvironment(["LC_ALL": "POSIX"]).identifier == "en")
    #expect(try CollationLocale.fromEnvironment(["LANG": "C.UTF-8"]).identifier == "en")
  }

  @Test func environmentSettingNamesTheVariable() throws {
    let setting = CollationLocale.environmentSetting(
      in: ["LC_ALL": "", "LC_COLLATE": "xx_YY.UTF-8@euro", "LANG": "sv"])
    #expect(setting?.variable == "LC_COLLATE")
    #expect(setting?.value == "xx_YY.UTF-8@euro")
    #expect(setting?.locale == "xx_YY")
    #expect(CollationLocale.environmentSetting(in: ["LANG": "C.UTF-8"]) == nil)
    #expect(CollationLocale.environmentSetting(in: ["PATH": "/bin"]) == nil)
  }

  @Test func unknownEnvironmentLocaleIsAnError() {
    #expect(throws: CollationError.unknownLocale("xx_YY")) {
      try CollationLocale.fromEnvironment(["LANG": "xx_YY.UTF-8"])
    }
  }
}
