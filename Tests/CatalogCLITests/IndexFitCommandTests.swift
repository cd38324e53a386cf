import CatalogTestSupport
import Foundation
import Testing

/// `catalog index --fit N` (DESIGN §12), by exact expected output.
struct IndexFitCommandTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("cities.csv", "name\nHouston\nBirmingham\nAustin\nAnchorage\n")
    try runner.run(["import", "cities.csv"])
  }

  /// A–Z and # are 27 entries; nine keep A H N U # (positions 0, 7, 13, 20, 26). Sections: A 0,
  /// B 1, H 2, and every later letter jumps to the last section, 2.
  @Test func theAlphabetFitsInNineEntries() throws {
    let result = try runner.run(["index", "--fit", "9", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.outputLines == [
        #"{"title":"A","section":0,"count":2}"#,
        #"{"title":"•","section":2,"count":1,"stands_for":["B","C","D","E","F","G"]}"#,
        #"{"title":"H","section":2,"count":1}"#,
        #"{"title":"•","section":2,"count":0,"stands_for":["I","J","K","L","M"]}"#,
        #"{"title":"N","section":2,"count":0}"#,
        #"{"title":"•","section":2,"count":0,"stands_for":["O","P","Q","R","S","T"]}"#,
        #"{"title":"U","section":2,"count":0}"#,
        #"{"title":"•","section":2,"count":0,"stands_for":["V","W","X","Y","Z"]}"#,
        ##"{"title":"#","section":2,"count":0}"##,
      ])
  }

  @Test func anIndexThatFitsIsUnchanged() throws {
    let result = try runner.run(["index", "--compact", "--fit", "3", "--format", "csv"])
    #expect(result.outputLines == ["title,section,count,stands_for", "A,0,2,", "B,1,1,", "H,2,1,"])
  }

  @Test func tablesListWhatADotStandsFor() throws {
    let result = try runner.run(["index", "--fit", "3"])
    #expect(
      result.outputLines == [
        "title  section  count  stands_for",
        "A      0        2      ",
        "•      2        2      B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
        "#      2        0      ",
      ])
  }

  @Test(arguments: ["2", "0"])
  func fewerThanThreeIsAUsageError(fit: String) throws {
    let result = try runner.run(["index", "--fit", fit])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("Error: '--fit' needs at least 3 entries, not \(fit)\n"))
  }
}
