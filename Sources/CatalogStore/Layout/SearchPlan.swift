/// How a search finds its rows in list order. Every plan gives the same rows with the same
/// offsets; they differ in what a first page costs.
///
/// A search wants `w` rows (its limit; all when it has none) of a list of rows that its matches
/// may be in: from where they start (`SearchStarts`) to the end, `n` rows. Its range of search
/// keys holds `m` keys, counted first but no further than `countCap`. Where the matches are
/// spread evenly after their start, reading the list in order until the page is full reads
/// `r = w × n / m` rows (all `n` when `w ≥ m`). So:
///
/// - `sortingMatches` keys every match for the list with ICU and sorts them: `m` matches, whatever
///   the page (the only plan before these: 1.9 s for one letter of a million items).
/// - `walkingByMatchedItems` reads the matches' item numbers into a set, then the list in order,
///   keeping the rows whose item is in it: `m` numbers and `r` rows, no ICU.
/// - `walkingByKeys` reads the list in order with each row's item and makes its search keys with
///   ICU, keeping the rows that have one in the range: `r` rows, each keyed.
///
/// The plan chosen is the one whose count times its cost per unit (`Cost`: `g`, `a`, `b` and `k`)
/// is least. For a page of 20, sorting is cheapest below about `m = √(b × w × n / (g − a))`
/// matches (790 of a million rows, 1,760 of five million), walking by keys above `m = √(k × w ×
/// n / a)` (20,000 and 45,000, the count's cap), and walking by matched items between. The
/// dearest page is at those two points: about `g × 790` = 4 ms and `2a × 20,000` = 6 ms at a
/// million, 9 and 13 ms at five million; measured, the dearest of the benchmark's searches took
/// 5 ms at five million. Where the matches are not spread evenly a walk reads more rows than
/// `r`: the starts skip the rows before the first match, which in a sorted list is where most of
/// the unevenness is, but not a gap after it ("Anna S" in a list sorted by first name reads the
/// "Anna A…" to "Anna R…" after the start of "ann": 20–25 ms at five million).
package enum SearchPlan: String, Sendable, CaseIterable {
  case sortingMatches
  case walkingByMatchedItems
  case walkingByKeys

  /// What one unit of each plan's work takes, in nanoseconds, as `Benchmarks/SearchBenchmark
  /// plans` measured it on SQLite over the generated million items (names with a number): only
  /// the ratios matter. On PostgreSQL each statement is also a round trip, of which each plan
  /// makes a few, and walks one a batch.
  enum Cost {
    /// `g`: keying a match for the list with ICU, writing it to the table of results and reading
    /// it back (4.1–6.5 µs).
    static let sortingAMatch = 5_000
    /// `a`: reading a match's item number into the set (0.14–0.15 µs).
    static let readingAMatch = 150
    /// `b`: reading a row of the list, its key and item number (0.14–0.15 µs).
    static let readingARow = 150
    /// `k`: reading a row with its item and making its search keys with ICU (2.7–2.9 µs).
    static let keyingARow = 3_000
    /// The most item numbers the set holds, so that a search's memory stays small: 2 MiB.
    static let matchSetCapacity = 1 << 17
  }

  /// How many matches are worth counting for a search that wants `limit` rows of `rows`: beyond
  /// `√(k × limit × rows / a)`, walking by keys costs least, so the count stops there (in 1–2
  /// ms at five million rows); a search without a limit counts them all.
  static func countCap(rows: Int, limit: Int?) -> Int {
    guard let limit else { return Int.max }
    let cap = (Double(Cost.keyingARow) * Double(limit) * Double(rows) / Double(Cost.readingAMatch))
      .squareRoot()
    return Int(min(cap.rounded(.up), Double(Int.max / 2))) + 1
  }

  /// The rows a walk reads to find `limit` of `matches` spread evenly over `rows`.
  static func expectedRows(rows: Int, matches: Int, limit: Int?) -> Int {
    guard let limit, matches > limit else { return rows }
    return min(rows, Int((Double(limit) * Double(rows) / Double(matches)).rounded(.up)))
  }

  /// The plan that costs least for `matches` keys (counted up to `countCap`) in `rows` rows,
  /// `limit` of which are wanted.
  static func cheapest(matches: Int, rows: Int, limit: Int?) -> SearchPlan {
    let walked = Double(expectedRows(rows: rows, matches: matches, limit: limit))
    let sorting = Double(Cost.sortingAMatch) * Double(matches)
    let walkingByMatchedItems =
      matches > Cost.matchSetCapacity
      ? Double.infinity
      : Double(Cost.readingAMatch) * Double(matches) + Double(Cost.readingARow) * walked
    let walkingByKeys = Double(Cost.keyingARow) * walked
    if sorting <= walkingByMatchedItems && sorting <= walkingByKeys { return .sortingMatches }
    return walkingByMatchedItems <= walkingByKeys ? .walkingByMatchedItems : .walkingByKeys
  }
}
