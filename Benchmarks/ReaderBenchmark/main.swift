import CatalogSQLite
import CatalogStore
import Foundation

/// Reads a CSV file with the catalog's reader and nothing else, so `Benchmarks/import.sh` can
/// time the reader alone. Prints the number of records and bytes read.
guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: ReaderBenchmark FILE.csv\n".utf8))
  exit(64)
}
do {
  let reader = try CSVReader(path: CommandLine.arguments[1])
  var records = 0
  while try reader.next() != nil { records += 1 }
  print("\(records) records, \(reader.bytesRead) bytes")
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
