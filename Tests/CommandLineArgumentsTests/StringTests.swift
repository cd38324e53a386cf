import Testing

@testable import CommandLineArguments

// MARK: - Edit distance, for "Did you mean"

@Test func editDistanceCountsInsertionsDeletionsAndReplacements() {
  #expect("--lcoale".editDistance(to: "--locale") == 2)
  #expect("kitten".editDistance(to: "sitting") == 3)
  #expect("".editDistance(to: "abc") == 3)
  #expect("abc".editDistance(to: "") == 3)
  #expect("same".editDistance(to: "same") == 0)
}

// MARK: - Wrapping, for the help

@Test func wrappingBreaksAtTheLastSpaceThatFits() {
  #expect("a bb ccc dddd".wrapped(to: 6) == "a bb\nccc\ndddd")
  #expect("one two".wrapped(to: 6, indent: 2) == "  one\n  two")
}

@Test func wrappingKeepsLineBreaksAndIndentsNoEmptyLine() {
  #expect("a\n\nb".wrapped(to: 10, indent: 2) == "  a\n\n  b")
}

@Test func aWordLongerThanALineStandsAlone() {
  #expect("abcdefgh ij".wrapped(to: 4) == "abcdefgh\nij")
}
