import CatalogTestSupport
import Testing

@testable import CatalogStore

struct ItemNumbersTests {
  /// Numbers inserted in any order, with repeats and neighbours that join runs from either side,
  /// come out as the ascending numbers of a set of them.
  @Test(arguments: 0..<20 as Range<UInt64>)
  func anyInsertionOrderGivesTheAscendingNumbersOnce(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let numbers = (0..<Int.random(in: 0..<300, using: &random)).map { _ in
      Int.random(in: 0..<120, using: &random)
    }
    let expected = Set(numbers).sorted()
    let items = ItemNumbers(numbers)
    #expect(Array(items) == expected, "\(numbers)")
    #expect(items.count == expected.count)
    #expect(items.isEmpty == expected.isEmpty)
    #expect(items == ItemNumbers(expected.reversed()))
    // Runs are apart: between two of them at least one number is missing.
    for (run, next) in zip(items.runs, items.runs.dropFirst()) {
      #expect(run.upperBound < next.lowerBound)
      #expect(!expected.contains(run.upperBound))
    }
  }

  @Test func aRunOfAMillionIsOneRun() {
    let items = ItemNumbers(1_000..<1_001_000)
    #expect(items.runs == [1_000..<1_001_000])
    #expect(items.count == 1_000_000)
    var ascending = ItemNumbers()
    for number in 5..<100_005 { ascending.insert(number) }
    #expect(ascending.runs == [5..<100_005])
  }

  @Test func aNumberBetweenTwoRunsJoinsThem() {
    var items: ItemNumbers = [1, 2, 4, 5, 9]
    #expect(items.runs == [1..<3, 4..<6, 9..<10])
    items.insert(3)
    #expect(items.runs == [1..<6, 9..<10])
    items.insert(0)
    items.insert(8)
    #expect(items.runs == [0..<6, 8..<10])
    #expect(Array(items) == [0, 1, 2, 3, 4, 5, 8, 9])
  }
}
