/// Item numbers in ascending order, each once, kept as runs of consecutive numbers: a write
/// summary names the million items of an import as one run, not as a million integers.
public struct ItemNumbers: Sequence, Equatable, Sendable, ExpressibleByArrayLiteral {
  /// The runs: ascending, apart (never adjacent), none empty.
  private(set) var runs: [Range<Int>] = []
  /// How many numbers there are.
  public private(set) var count = 0

  public init() {}

  /// The numbers of `range`.
  public init(_ range: Range<Int>) {
    if !range.isEmpty { runs = [range] }
    count = range.count
  }

  /// The numbers of `numbers`, in any order; one given twice is kept once. Ascending numbers
  /// take constant time each.
  public init<Numbers: Sequence<Int>>(_ numbers: Numbers) {
    for number in numbers { insert(number) }
  }

  public init(arrayLiteral numbers: Int...) {
    self.init(numbers)
  }

  public var isEmpty: Bool { runs.isEmpty }

  /// Adds `number` unless it is there.
  public mutating func insert(_ number: Int) {
    guard let last = runs.last, number <= last.upperBound else {
      runs.append(number..<number + 1)
      count += 1
      return
    }
    // The first run that ends at or after `number`.
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].upperBound < number { low = middle + 1 } else { high = middle }
    }
    let run = runs[low]
    if run.contains(number) { return }
    count += 1
    if run.upperBound == number {
      let next = low + 1
      if next < runs.count && runs[next].lowerBound == number + 1 {
        runs[low] = run.lowerBound..<runs[next].upperBound
        runs.remove(at: next)
      } else {
        runs[low] = run.lowerBound..<number + 1
      }
    } else if run.lowerBound == number + 1 {
      runs[low] = number..<run.upperBound
    } else {
      runs.insert(number..<number + 1, at: low)
    }
  }

  public func makeIterator() -> FlattenSequence<[Range<Int>]>.Iterator {
    runs.joined().makeIterator()
  }
}
