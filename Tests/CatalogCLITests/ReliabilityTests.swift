import CatalogTestSupport
import Foundation
import Testing

/// Keys made by another ICU, damaged files, and hostile input (issue 6).
struct ReliabilityTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    let csv = "name,state\nÅsa,Skåne\nAnna,Uppland\nÖrjan,Skåne\nZoe,Uppland\nBo,\n"
    try runner.write("people.csv", csv)
    #expect(
      try runner.run(["import", "people.csv", "--locale", "sv", "--group-by", "state", "--quiet"])
        .status == 0)
  }

  func sqlite3(_ sql: String) throws -> [String] {
    try TestCatalog.sqlite3(path: runner.databasePath, sql)
  }

  @Test func keysOfAnotherCollatorVersionAreRebuiltOnOpen() throws {
    let fresh = try runner.run(["list", "--group-by", "state", "--format", "json"]).standardOutput
    let letters = try runner.run(["list", "--format", "json"]).standardOutput
    let versions = try sqlite3("SELECT DISTINCT icu_version, collator_version FROM groupings")
    _ = try sqlite3("UPDATE groupings SET collator_version = '1.2.3.4', icu_version = '60.1'")
    _ = try sqlite3("UPDATE rows SET sort_key = x'00'")

    let reopened = try runner.run(["list", "--group-by", "state", "--format", "json"])
    #expect(reopened.status == 0)
    #expect(
      reopened.standardError.hasPrefix(
        "the catalog's keys were made by ICU 60.1 (collator 1.2.3.4); rebuilding 2 groupings for ICU"
      ))
    #expect(reopened.standardOutput == fresh)
    #expect(try runner.run(["list", "--format", "json"]).standardOutput == letters)
    #expect(try sqlite3("SELECT DISTINCT icu_version, collator_version FROM groupings") == versions)
    let again = try runner.run(["sections"])
    #expect(again.standardError == "", "keys are rebuilt once")
  }

  @Test func randomBytesInTheMiddleGiveAClearErrorNotACrash() throws {
    let path = runner.databasePath
    _ = try runner.run(["info"])
    var bytes = try Data(contentsOf: URL(filePath: path))
    var generator = SeededGenerator(seed: 42)
    for offset in stride(from: 4096, to: bytes.count, by: 97) {
      bytes[offset] = UInt8.random(in: 0...255, using: &generator)
    }
    try bytes.write(to: URL(filePath: path))
    for command in [["list"], ["sections", "--group-by", "state"], ["info"], ["search", "a"]] {
      let result = try runner.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.standardError.hasPrefix("Error: "), "\(command): \(result.standardError)")
    }
  }

  @Test func hostileColumnAndCollectionNamesAreOnlyNames() throws {
    let csv = "\"\"\"; DROP TABLE items; --\",\"name\"\"\"\nRobert,x\n"
    try runner.write("hostile.csv", csv)
    let imported = try runner.run([
      "import", "hostile.csv", "-c", "\"; DROP TABLE collections; --", "--group-by",
      "\"; DROP TABLE items; --", "--quiet",
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    let collections = try runner.run(["collections", "--format", "csv"]).outputLines
    #expect(collections.count == 3)
    let listed = try runner.run([
      "list", "-c", "\"; DROP TABLE collections; --", "--group-by", "\"; DROP TABLE items; --",
      "--format", "json",
    ])
    #expect(
      listed.outputLines == [
        #"{"row":0,"section":0,"heading":"Robert","item":0,"title":"Robert","fields":{"\"; DROP TABLE items; --":"Robert","name\"":"x"}}"#
      ])
    #expect(try runner.run(["list", "-c", "people"]).status == 0)
  }

  @Test func aHeaderNameEmptyAfterTrimmingIsRefused() throws {
    try runner.write("blank.csv", "name, \u{3000} \nAnna,x\n")
    let result = try runner.run(["import", "blank.csv"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("blank.csv:1:6: error: "))
  }

  @Test func tenThousandColumnsAndATenMegabyteField() throws {
    let header = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
    let row = (0..<10_000).map { "v\($0)" }.joined(separator: ",")
    try runner.write("wide.csv", header + "\n" + row + "\n")
    #expect(try runner.run(["import", "wide.csv", "--quiet"]).status == 0)
    let wide = try runner.run(["list", "-c", "wide", "--format", "csv"]).outputLines
    #expect(wide.count == 2)
    #expect(wide[1].hasSuffix(",v9998,v9999"))

    let big = String(repeating: "abcdefghij", count: 1_000_000)
    try runner.write("big.csv", "name,notes\nHuge,\"\(big)\"\n")
    #expect(try runner.run(["import", "big.csv", "--quiet"]).status == 0)
    let listed = try runner.run(["list", "-c", "big", "--format", "tsv"]).outputLines
    #expect(listed.last?.count == "0\t0\tH\t0\tHuge\tHuge\t".count + 10_000_000)
  }

  @Test func titlesOfOnlyCombiningMarksFileUnderOther() throws {
    try runner.write("marks.csv", "name\n\u{301}\u{308}\nAnna\n\u{20DD}\n")
    #expect(try runner.run(["import", "marks.csv", "--quiet"]).status == 0)
    let sections = try runner.run(["sections", "-c", "marks", "--format", "csv"]).outputLines
    #expect(sections == ["section,heading,index,count,offset", "0,A,A,1,0", "1,#,#,2,1"])
  }

  @Test func manyDistinctSectionsWork() throws {
    let rows = (0..<20_000).map { "Item \($0),Value \($0)" }.joined(separator: "\n")
    try runner.write("distinct.csv", "name,value\n" + rows + "\n")
    #expect(
      try runner.run(["import", "distinct.csv", "--group-by", "value", "--quiet"]).status == 0)
    let sections = try runner.run([
      "sections", "-c", "distinct", "--group-by", "value", "--format", "csv",
    ])
    #expect(sections.outputLines.count == 20_001)
    #expect(sections.outputLines[1] == "0,Value 0,V,1,0")
  }
}

/// A small deterministic random number generator (SplitMix64), so damaged files are the same in
/// every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
