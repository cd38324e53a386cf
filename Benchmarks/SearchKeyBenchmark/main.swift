import CatalogCollation
import Foundation

/// Times search keys and sorting texts per item, on one thread and on two, for generated titles
/// in Latin (en), Chinese (zh) and Japanese (ja), and prints nanoseconds per item.
/// Usage: SearchKeyBenchmark [ITEMS [FILTER]]   (default 1,000,000 items; FILTER: only the lines
/// whose label contains it, such as "Latin")
let arguments = CommandLine.arguments
let items = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let filter = arguments.count > 2 ? arguments[2] : ""

/// Deterministic titles: `count` of them, from `first` and `last` and a number, like
/// Benchmarks/generate.py's names.
func titles(_ count: Int, first: [String], last: [String], numbered: Bool) -> [String] {
  var generator = SplitMix(seed: 20_261_130)
  return (0..<count).map { index in
    let name =
      "\(first[Int(generator.next() % UInt64(first.count))])"
      + "\(numbered ? " " : "")\(last[Int(generator.next() % UInt64(last.count))])"
    return numbered ? "\(name) \(index)" : name
  }
}

struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The CPU time the calling thread has used, in seconds: unlike the wall clock, it does not count
/// the time other processes on a shared machine take.
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Wall-clock seconds for `work` over `titles` split among `threads` threads, each with its own
/// state, and the CPU seconds the busiest thread used.
func seconds(threads: Int, _ titles: [String], _ work: @escaping @Sendable () -> (String) -> Int)
  -> (wall: Double, cpu: Double)
{
  let start = Date()
  let cpu = CPUTimes()
  let group = DispatchGroup()
  let chunk = (titles.count + threads - 1) / threads
  for thread in 0..<threads {
    let slice = titles[min(thread * chunk, titles.count)..<min((thread + 1) * chunk, titles.count)]
    DispatchQueue.global().async(group: group) {
      let body = work()
      let started = threadCPUSeconds()
      var total = 0
      for title in slice { total &+= body(title) }
      precondition(total >= 0)
      cpu.record(threadCPUSeconds() - started)
    }
  }
  group.wait()
  return (Date().timeIntervalSince(start), cpu.maximum)
}

/// The CPU times of the threads of one measurement.
final class CPUTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [Double] = []
  func record(_ time: Double) { lock.withLock { times.append(time) } }
  var maximum: Double { lock.withLock { times.max() ?? 0 } }
}

let latin = titles(
  items,
  first: ["Anna", "Åsa", "Émile", "Zoë", "Björn", "Øystein", "Chloé", "O'Brien", "Kai", "Olivia"],
  last: ["Smith", "Öberg", "Müller", "García", "Dvořák", "Nguyễn", "Kowalski", "Brown", "Silva"],
  numbered: true)
let chinese = titles(
  items / 10, first: ["张", "王", "李", "赵", "刘", "陈", "杨", "黄", "曾", "单", "欧阳", "司马"],
  last: ["伟", "芳", "娜", "秀英", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "卓"],
  numbered: true)
let japanese = titles(
  items / 10, first: ["たなか", "やまだ", "さとう", "すずき", "タカハシ", "ワタナベ"],
  last: ["はなこ", "たろう", "しんいち", "ジュン", "ゆき"], numbered: true)

func report(_ label: String, _ titles: [String], _ work: @escaping @Sendable () -> (String) -> Int)
{
  guard filter.isEmpty || label.contains(filter) else { return }
  _ = seconds(threads: 1, Array(titles.prefix(1000)), work)  // opens ICU's data once
  let one = seconds(threads: 1, titles, work)
  let two = seconds(threads: 2, titles, work)
  let perMillion = 1e6 / Double(titles.count)
  print(
    String(
      format:
        "%@ %8d items  %6.0f ns/item (CPU, 1 thread)  1M on 2 threads: %5.2f s wall, %5.2f s CPU",
      label, titles.count, one.cpu / Double(titles.count) * 1e9, two.wall * perMillion,
      two.cpu * perMillion))
}

func searchKeys(_ locale: String, names: Bool = false) -> @Sendable () -> (String) -> Int {
  {
    let maker = try! SearchKeyMaker(
      collation: Collation(localeIdentifier: locale),
      options: SortingOptions(valuesAreNames: names))
    return { maker.keys(title: $0, sortAs: nil).count }
  }
}

/// Search keys through `forEachKey`, which does not allocate, as a bulk build would use them.
func searchKeyBytes(_ locale: String) -> @Sendable () -> (String) -> Int {
  {
    let maker = try! SearchKeyMaker(collation: Collation(localeIdentifier: locale))
    return { title in
      var count = 0
      maker.forEachKey(title: title, sortAs: nil) { count += $0.count }
      return count
    }
  }
}

func sortingText(_ locale: String, names: Bool = false, articles: Bool = false)
  -> @Sendable () -> (String) -> Int
{
  {
    let maker = try! SortingTextMaker(
      collation: Collation(localeIdentifier: locale),
      options: SortingOptions(valuesAreNames: names, ignoresArticles: articles))
    return { maker.sortingText(for: $0).utf8.count }
  }
}

print("search keys")
report("  Latin, en          ", latin, searchKeys("en"))
report("  Latin, en, bytes   ", latin, searchKeyBytes("en"))
report("  Chinese, zh        ", chinese, searchKeys("zh"))
report("  Chinese, zh --names", chinese, searchKeys("zh", names: true))
report("  Japanese kana, ja  ", japanese, searchKeys("ja"))
print("sorting text")
report("  Latin, en --ignore-articles", latin, sortingText("en", articles: true))
report("  Chinese, zh --names        ", chinese, sortingText("zh", names: true))
