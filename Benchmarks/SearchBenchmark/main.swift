import CatalogLocations
import CatalogQuery
import CatalogStore
import Foundation

/// Times a search's first page through the library, on an open list of an existing catalog (a
/// file, or a `postgresql://` URI), as `catalog serve` answers `/search?q=TEXT&limit=20`, beside
/// a deep page of the same list; `Benchmarks/search_page.sh` runs it on the 1M and 5M catalogs.
///
///     SearchBenchmark pages CATALOG COLLECTION RUNS LIMIT DEEP_OFFSET TEXT…
///         each search's first LIMIT rows and the LIMIT rows at DEEP_OFFSET, in turns; per
///         search the plan chosen and the median milliseconds
///     SearchBenchmark plans CATALOG COLLECTION RUNS LIMIT TEXT…
///         each search's first LIMIT rows by each plan (SearchPlan), in turns; per search and
///         plan the median milliseconds and what it read (matches keyed, or rows walked), from
///         which the plans' costs per unit are measured
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("SearchBenchmark: \(message)\n".utf8))
  exit(64)
}

let arguments = CommandLine.arguments
guard arguments.count >= 7, ["pages", "plans"].contains(arguments[1]),
  let runs = Int(arguments[4]), let limit = Int(arguments[5])
else {
  fail(
    "usage: SearchBenchmark pages CATALOG COLLECTION RUNS LIMIT DEEP_OFFSET TEXT… | "
      + "plans CATALOG COLLECTION RUNS LIMIT TEXT…")
}
let (path, collection) = (arguments[2], arguments[3])

/// The wall time of `body` in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ milliseconds: Double) -> String { String(format: "%8.3f ms", milliseconds) }

do {
  let catalog = try Catalog(at: CatalogAddress(path).location(), creating: false)
  let list = try IndexedList(catalog: catalog, collection: collection)
  // Builds the search keys when they are missing, and warms the file's pages.
  _ = try list.search("a", limit: 1).collect()
  if arguments[1] == "pages" {
    guard let deepOffset = Int(arguments[6]) else { fail("DEEP_OFFSET is a number") }
    let texts = Array(arguments[7...])
    var times = [[Double]](repeating: [], count: texts.count)
    var deep: [Double] = []
    var plans = [String](repeating: "", count: texts.count)
    var found = [Int](repeating: 0, count: texts.count)
    for _ in 0..<runs {
      for (index, text) in texts.enumerated() {
        times[index].append(
          try milliseconds {
            let cursor = try list.search(text, limit: limit, plan: nil)
            found[index] = try cursor.collect().count
            plans[index] = cursor.plan.rawValue
          })
      }
      deep.append(
        try milliseconds { _ = try list.items(fromRow: deepOffset, limit: limit).collect() })
    }
    print("deep \(deepOffset) \(format(median(deep)))")
    for (index, text) in texts.enumerated() {
      print("search \(text) \(format(median(times[index]))) \(found[index]) rows \(plans[index])")
    }
  } else {
    let texts = Array(arguments[6...])
    for text in texts {
      var times = [[Double]](repeating: [], count: SearchPlan.allCases.count)
      var read = [Int](repeating: 0, count: SearchPlan.allCases.count)
      for _ in 0..<runs {
        for (index, plan) in SearchPlan.allCases.enumerated() {
          times[index].append(
            try milliseconds {
              let cursor = try list.search(text, limit: limit, plan: plan)
              _ = try cursor.collect()
              read[index] = cursor.rowsRead
            })
        }
      }
      for (index, plan) in SearchPlan.allCases.enumerated() {
        print("\(text) \(plan.rawValue) \(format(median(times[index]))) read \(read[index])")
      }
    }
  }
} catch {
  fail("\(error)")
}
