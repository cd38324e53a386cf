import CatalogCollation
import Testing

@testable import CatalogStore

/// Cutting rows, in list order, into sections with their headings and counts.
struct SectionCounterTests {
  let english: Collation

  init() throws { english = try Collation(localeIdentifier: "en") }

  /// The sections `entries` (one per row, in order) make.
  func sections(_ entries: [SectionEntry], letters: Bool = false) -> [SectionCounter.Section] {
    cut(entries, letters: letters).sections
  }

  /// The sections `entries` make, and the positions of the rows that the counter said begin one.
  func cut(_ entries: [SectionEntry], letters: Bool = false) -> (
    sections: [SectionCounter.Section], beginnings: [Int]
  ) {
    var counter = SectionCounter(collation: english, isLetterGrouping: letters)
    var sections: [SectionCounter.Section] = []
    var beginnings: [Int] = []
    for (item, entry) in entries.enumerated() {
      var key: [UInt8] = []
      ListKey.appendSection(entry, to: &key)
      ListKey.appendRow(sortKey: [0x30], item: item, to: &key)
      RowOrderKey.appendSpelling(of: entry, to: &key)
      let (begins, ended) = key.withUnsafeBytes { counter.add(RowOrderKey.decode($0)) }
      if begins { beginnings.append(item) }
      if let ended { sections.append(ended) }
    }
    if let last = counter.finish() { sections.append(last) }
    return (sections, beginnings)
  }

  func value(_ spelling: Substring) -> SectionEntry {
    .value(key: english.sectionKey(for: spelling), spelling: spelling)
  }

  @Test func theHeadingIsTheMostFrequentSpelling() {
    let rows = ["Texas", "TEXAS", "Texas", "texas", "Texas", "Utah", "UTAH"].map(value)
    let (cut, beginnings) = cut(rows)
    #expect(cut.map(\.heading) == ["Texas", "Utah"])
    #expect(cut.map(\.count) == [5, 2])
    #expect(beginnings == [0, 5])
    #expect(cut[0].spellings.map(\.spelling) == ["Texas", "TEXAS", "texas"])
    #expect(cut[0].spellings.map(\.count) == [3, 1, 1])
    #expect(
      cut[0].spellings.map(\.sortKey)
        == ["Texas", "TEXAS", "texas"].map { english.sortKey(for: $0) })
    #expect(cut.map(\.letter) == ["T", "U"])
    #expect(
      cut.map(\.key) == [
        ListKey.section(valueKey: english.sectionKey(for: "texas")),
        ListKey.section(valueKey: english.sectionKey(for: "utah")),
      ])
  }

  @Test func aTieGoesToTheFirstInCollationOrder() {
    // English tertiary order puts lower case first: "utah" < "Utah" < "UTAH".
    #expect(
      sections(["UTAH", "Utah", "utah", "Utah", "utah"].map(value)).map(\.heading) == ["utah"])
  }

  @Test func manySpellingsOfOneSectionAreCountedExactly() {
    // 2^5 case variants of "abcde" once each, then "aBcDe" seven more times.
    let variants = (0..<32).map { mask in
      Substring(
        String(
          "abcde".enumerated().map { index, letter in
            mask & (1 << index) != 0 ? Character(letter.uppercased()) : letter
          }))
    }
    let rows = (variants + Array(repeating: "aBcDe", count: 7)).map(value)
    let cut = sections(rows)
    #expect(cut.map(\.heading) == ["aBcDe"])
    #expect(cut.map(\.count) == [39])
  }

  @Test func blankValuesMakeTheLastSectionWithoutHeading() {
    let cut = sections([value("Ohio"), value(""), value("")])
    #expect(cut.map(\.heading) == ["Ohio", ""])
    #expect(cut.map(\.key) == [[1] + english.sectionKey(for: "ohio") + [0], [2, 0]])
    #expect(cut.map(\.letter) == ["O", "#"])
  }

  @Test func lettersTakeTheirLabels() {
    let cut = sections([.letter(0), .letter(0), .letter(25), .letter(26)], letters: true)
    #expect(cut.map(\.heading) == ["A", "Z", "#"])
    #expect(cut.map(\.count) == [2, 1, 1])
    #expect(cut.map(\.key) == [[1, 1, 1, 0], [1, 1, 26, 0], [1, 1, 27, 0]])
  }

  @Test func noRowsMakeNoSections() {
    #expect(sections([]).isEmpty)
  }
}
