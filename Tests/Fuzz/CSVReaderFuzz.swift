import Foundation

/// libFuzzer target for the CSV reader: any bytes must give records or a `CSVError`, never a
/// crash, every record must have the header's field count, and reading in tiny chunks must give
/// exactly what reading in large ones gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = readCSV(bytes, chunkSize: CSVReader.defaultChunkSize)
  let pieces = readCSV(bytes, chunkSize: 1 + size % 7)
  precondition(whole == pieces, "the chunk size changed the result: \(whole) ≠ \(pieces)")
  return 0
}

/// What reading gave: the header and records, or the error's text.
enum ReadOutcome: Equatable {
  case records([[String]])
  case failure(String)
}

func readCSV(_ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int) -> ReadOutcome {
  let path = "/dev/shm/catalog-fuzz-\(getpid())"
  let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
  precondition(descriptor >= 0, "cannot make \(path)")
  defer {
    close(descriptor)
    unlink(path)
  }
  var written = 0
  while written < bytes.count {
    let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
    precondition(result > 0, "cannot write \(path)")
    written += result
  }
  lseek(descriptor, 0, SEEK_SET)
  do {
    let reader = try CSVReader(
      fileDescriptor: descriptor, inputName: "fuzz.csv", chunkSize: chunkSize)
    var records = [reader.header]
    while let record = try reader.next() {
      precondition(record.fields.count == reader.header.count, "a ragged record was returned")
      records.append(record.fields)
    }
    return .records(records)
  } catch {
    return .failure(error.description)
  }
}
