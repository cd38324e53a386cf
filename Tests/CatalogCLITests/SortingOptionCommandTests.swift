import CatalogTestSupport
import Foundation
import Testing

/// `import --names` and `--ignore-articles` are kept with the collection and honoured by every
/// later write, replace and search (DESIGN §12).
struct SortingOptionCommandTests {
  let runner: CatalogRunner

  init() throws { runner = try CatalogRunner() }

  @Test func articlesStayIgnoredForAddedItemsAndAfterAReplace() throws {
    try runner.write("bands.csv", "name\nThe Beatles\nAbba\nZed\n")
    #expect(try runner.run(["import", "bands.csv", "--ignore-articles"]).status == 0)
    #expect(try runner.run(["add", "name=The Cure"]).status == 0)
    #expect(
      try runner.run(["list"]).outputLines == [
        "A", "  Abba", "B", "  The Beatles", "C", "  The Cure", "Z", "  Zed",
      ])
    try runner.write("bands.csv", "name\nThe Who\nAbba\n")
    #expect(try runner.run(["import", "bands.csv", "--replace"]).status == 0)
    #expect(try runner.run(["list"]).outputLines == ["A", "  Abba", "W", "  The Who"])
    // The article itself is found by search, and so is the word after it.
    #expect(try runner.run(["search", "who"]).outputLines == ["W", "  The Who"])
    #expect(try runner.run(["search", "the"]).outputLines == ["W", "  The Who"])
  }

  @Test func chineseNamesFileBySurnameReadingAfterWritesToo() throws {
    try runner.write("names.csv", "name\n曾卓\n单田芳\n长孙无忌\n张伟\n")
    #expect(try runner.run(["import", "names.csv", "--names", "--locale", "zh"]).status == 0)
    #expect(try runner.run(["add", "name=曾国藩"]).status == 0)
    // zēng guó fān < zēng zhuō < zhǎng sūn wú jì < zhāng wěi; shàn tián fāng under S.
    #expect(
      try runner.run(["list"]).outputLines == [
        "S", "  单田芳", "Z", "  曾国藩", "  曾卓", "  长孙无忌", "  张伟",
      ])
    #expect(try runner.run(["search", "zeng"]).outputLines == ["Z", "  曾国藩", "  曾卓"])
    #expect(try runner.run(["search", "zw"]).outputLines == ["Z", "  张伟"])
    #expect(try runner.run(["update", "4", "name=单雄信"]).status == 0)
    #expect(try runner.run(["search", "shan"]).outputLines == ["S", "  单田芳", "  单雄信"])
  }

  @Test func anAppendCannotChangeHowValuesAreRead() throws {
    try runner.write("bands.csv", "name\nThe Beatles\n")
    #expect(try runner.run(["import", "bands.csv"]).status == 0)
    let result = try runner.run(["import", "bands.csv", "--append", "--ignore-articles"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: cannot write into 'bands': its values are read otherwise (--names, "
        + "--ignore-articles); a replace can change it\n")
  }
}
