import CatalogQuery
import Testing

/// `index --fit N` (DESIGN §12), against indexes cut by hand: k = ⌊(N+1)/2⌋ entries kept at
/// ⌊i·(m−1)/(k−1) + ½⌋, a `•` between each two for the entries left out, jumping to the middle
/// one's section and counting all their items.
struct IndexFittingTests {
  /// An index of the given titles: entry i jumps to section i and counts i + 1 items.
  func index(_ titles: String) -> [IndexEntry] {
    titles.split(separator: " ").enumerated().map { position, title in
      IndexEntry(kind: .title, title: String(title), section: position, count: position + 1)
    }
  }

  func bullet(section: Int, count: Int, standsFor: String) -> IndexEntry {
    IndexEntry(
      kind: .collapsed, title: "•", section: section, count: count,
      standsFor: standsFor.split(separator: " ").map(String.init))
  }

  /// m = 27, N = 9, k = 5: positions 0, ⌊6.5+½⌋ = 7, ⌊13+½⌋ = 13, ⌊19.5+½⌋ = 20, 26, that is
  /// A H N U #. The dots stand for B–G (middle E), I–M (K), O–T (R), V–Z (X).
  @Test func theAlphabetInNineEntries() {
    let alphabet = index("A B C D E F G H I J K L M N O P Q R S T U V W X Y Z #")
    let fitted = alphabet.fitted(toAtMost: 9)
    #expect(fitted.map(\.title) == ["A", "•", "H", "•", "N", "•", "U", "•", "#"])
    #expect(fitted[1] == bullet(section: 4, count: 2 + 3 + 4 + 5 + 6 + 7, standsFor: "B C D E F G"))
    #expect(fitted[3] == bullet(section: 10, count: 9 + 10 + 11 + 12 + 13, standsFor: "I J K L M"))
    #expect(fitted[5].section == 17)
    #expect(fitted[5].standsFor == ["O", "P", "Q", "R", "S", "T"])
    #expect(fitted[7].section == 23)
    #expect(fitted[7].standsFor == ["V", "W", "X", "Y", "Z"])
    #expect(fitted[8] == alphabet[26])
  }

  /// m = 5, N = 3, k = 2: the first and the last, and one dot for B C D (middle C).
  @Test func threeEntriesKeepTheEnds() {
    let fitted = index("A B C D E").fitted(toAtMost: 3)
    #expect(fitted.map(\.title) == ["A", "•", "E"])
    #expect(fitted[1] == bullet(section: 2, count: 2 + 3 + 4, standsFor: "B C D"))
  }

  /// N = 4 keeps k = ⌊5/2⌋ = 2 as N = 3 does: three entries.
  @Test func anEvenLimitKeepsAsTheOddOneBelow() {
    #expect(index("A B C D E").fitted(toAtMost: 4) == index("A B C D E").fitted(toAtMost: 3))
  }

  /// m = 6, N = 5, k = 3: positions 0, ⌊2.5+½⌋ = 3, 5: A • D • F; the first dot stands for B C
  /// (middle C, the ⌊2/2⌋-th), the second for E.
  @Test func fiveOfSix() {
    let fitted = index("A B C D E F").fitted(toAtMost: 5)
    #expect(fitted.map(\.title) == ["A", "•", "D", "•", "F"])
    #expect(fitted[1] == bullet(section: 2, count: 2 + 3, standsFor: "B C"))
    #expect(fitted[3] == bullet(section: 4, count: 5, standsFor: "E"))
  }

  /// m = 7, N = 6, k = 3: positions 0, ⌊3+½⌋ = 3, 6.
  @Test func sixOfSeven() {
    let fitted = index("A B C D E F G").fitted(toAtMost: 6)
    #expect(fitted.map(\.title) == ["A", "•", "D", "•", "G"])
    #expect(fitted[3].standsFor == ["E", "F"])
    #expect(fitted[3].section == 5)
  }

  @Test(arguments: [3, 4, 7, 100])
  func anIndexThatFitsIsUnchanged(limit: Int) {
    let small = index("A B C")
    #expect(small.fitted(toAtMost: limit) == small)
    #expect(index("A B C D E F G").fitted(toAtMost: 7) == index("A B C D E F G"))
    #expect([IndexEntry]().fitted(toAtMost: limit).isEmpty)
  }

  @Test func theSearchEntryStaysFirstAndIsNotCounted() {
    let search = IndexEntry(kind: .search, title: IndexEntry.searchTitle, section: nil, count: 0)
    let fitted = ([search] + index("A B C D E")).fitted(toAtMost: 3)
    #expect(fitted.map(\.title) == [IndexEntry.searchTitle, "A", "•", "E"])
  }

  @Test func anEmptyListsEntriesJumpNowhere() {
    let empty = "A B C D E".split(separator: " ").map {
      IndexEntry(kind: .title, title: String($0), section: nil, count: 0)
    }
    let fitted = empty.fitted(toAtMost: 3)
    #expect(
      fitted[1]
        == IndexEntry(
          kind: .collapsed, title: "•", section: nil, count: 0, standsFor: ["B", "C", "D"]))
  }
}
