import CatalogCollation
import Testing

/// Sort keys order items; section keys decide which column values are one section (DESIGN §3, §4).
struct KeyTests {
  func sorted(_ names: [String], _ locale: String) throws -> [String] {
    let collation = try Collation(localeIdentifier: locale)
    return names.sorted {
      collation.sortKey(for: $0).lexicographicallyPrecedes(collation.sortKey(for: $1))
    }
  }

  @Test func swedishSortsÅÄÖAfterZ() throws {
    let names = ["Örjan", "Zorro", "Åsa", "Anna", "Ärla"]
    #expect(try sorted(names, "sv") == ["Anna", "Zorro", "Åsa", "Ärla", "Örjan"])
  }

  @Test func germanSortsÄWithA() throws {
    let names = ["Birne", "Ärger", "Apfel", "Zebra"]
    #expect(try sorted(names, "de") == ["Apfel", "Ärger", "Birne", "Zebra"])
  }

  @Test func tertiaryOrderPutsLowerCaseFirstAndAccentsAfter() throws {
    #expect(
      try sorted(["Cote", "côte", "cote", "coté"], "en") == ["cote", "Cote", "coté", "côte"])
  }

  @Test func frenchFoldsCaseAndAccentsIntoOneSection() throws {
    let french = try Collation(localeIdentifier: "fr")
    let key = french.sectionKey(for: "Québec")
    #expect(french.sectionKey(for: "Quebec") == key)
    #expect(french.sectionKey(for: "QUEBEC") == key)
    #expect(french.sectionKey(for: "Montréal") != key)
  }

  @Test func swedishKeepsÅreAndAreApart() throws {
    let swedish = try Collation(localeIdentifier: "sv")
    #expect(swedish.sectionKey(for: "Åre") != swedish.sectionKey(for: "Are"))
    #expect(swedish.sectionKey(for: "Malmö") != swedish.sectionKey(for: "Malmo"))
  }

  @Test func germanFoldsSharpSAndUmlaut() throws {
    let german = try Collation(localeIdentifier: "de")
    #expect(german.sectionKey(for: "Straße") == german.sectionKey(for: "STRASSE"))
    #expect(german.sectionKey(for: "Malmö") == german.sectionKey(for: "Malmo"))
  }

  @Test func surroundingWhiteSpaceDoesNotCount() throws {
    let english = try Collation(localeIdentifier: "en")
    #expect(english.sectionKey(for: " Texas ") == english.sectionKey(for: "Texas"))
    #expect(english.sortKey(for: "\tTexas\u{A0}") == english.sortKey(for: "Texas"))
    #expect(english.sectionKey(for: "Ile de France") != english.sectionKey(for: "Ile-de-France"))
  }

  @Test func nfdAndNfcHaveEqualKeys() throws {
    let swedish = try Collation(localeIdentifier: "sv")
    #expect(swedish.sortKey(for: "\u{C5}") == swedish.sortKey(for: "A\u{30A}"))
    #expect(swedish.sectionKey(for: "\u{C5}") == swedish.sectionKey(for: "A\u{30A}"))
    #expect(swedish.sortKey(for: "\u{212B}") == swedish.sortKey(for: "\u{C5}"))
  }

  @Test func versionNamesIcuAndCollator() throws {
    let version = try Collation(localeIdentifier: "sv").version
    #expect(version.icu.split(separator: ".").count >= 2)
    #expect(version.collator.split(separator: ".").allSatisfy { Int($0) != nil })
  }
}
