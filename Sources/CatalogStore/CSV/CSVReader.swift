#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads RFC 4180 CSV one record at a time, in constant memory, from a file, standard input or a
/// file descriptor (or from bytes in memory).
///
/// The header is read when the reader is made; `next()` then returns each record with its fields
/// exactly as written (quotes removed, doubled quotes made single) and the line where it starts.
/// Records end with LF, CRLF or a lone CR; blank lines are skipped; a UTF-8 byte order mark is
/// skipped; input must be UTF-8.
///
/// ```swift
/// let reader = try CSVReader(path: "cities.csv")
/// while let record = try reader.next() { print(record.line, record.fields) }
/// ```
public final class CSVReader {
  /// How many bytes a reader asks `read(2)` for at a time, unless told otherwise.
  public static let defaultChunkSize = 1 << 20

  /// The input as the user named it, as errors print it: the path as typed, or `<stdin>`.
  public var inputName: String { input.name }
  /// The column names: the first record of the input.
  public let header: [String]
  /// How many bytes of the input the header and the records returned so far take, for progress.
  public var bytesRead: Int { input.totalRead - (input.end - input.start) }
  /// The size of the input in bytes when it is a regular file, for progress; nil for a pipe or a
  /// terminal.
  public var totalBytes: Int? { input.size }

  let input: CSVInput
  private var scanner: CSVScanner

  /// Opens the file at `path`, or standard input when `path` is `-`, and reads the header.
  ///
  /// - Parameters:
  ///   - delimiter: what separates fields: `.comma`, or `.tab` for a `.tsv` file.
  ///   - chunkSize: how many bytes to ask `read(2)` for at a time.
  /// - Throws: `CSVError` when the file cannot be opened or read, or its header is missing or bad.
  public convenience init(
    path: String, delimiter: CSVDelimiter = .comma, chunkSize: Int = defaultChunkSize
  ) throws(CSVError) {
    let input =
      path == "-"
      ? CSVInput(
        fileDescriptor: STDIN_FILENO, closesFileDescriptor: false, name: "<stdin>",
        chunkSize: chunkSize)
      : try CSVInput(path: path, name: path, chunkSize: chunkSize)
    try self.init(input: input, delimiter: delimiter)
  }

  /// Reads from `fileDescriptor`, from its current offset, and reads the header; the caller keeps
  /// the descriptor and closes it after the reader is done.
  ///
  /// - Parameters:
  ///   - inputName: what errors call the input, such as the path the user typed.
  ///   - delimiter: what separates fields: `.comma`, or `.tab` for a `.tsv` file.
  ///   - chunkSize: how many bytes to ask `read(2)` for at a time.
  /// - Throws: `CSVError` when the input cannot be read, or its header is missing or bad.
  public convenience init(
    fileDescriptor: Int32, inputName: String, delimiter: CSVDelimiter = .comma,
    chunkSize: Int = defaultChunkSize
  ) throws(CSVError) {
    let input = CSVInput(
      fileDescriptor: fileDescriptor, closesFileDescriptor: false, name: inputName,
      chunkSize: chunkSize)
    try self.init(input: input, delimiter: delimiter)
  }

  /// Reads `contents`, CSV held in memory whole, and reads the header.
  ///
  /// - Parameter inputName: what errors call the input, such as the address it came from.
  /// - Throws: `CSVError` when its header is missing or bad.
  public convenience init(contents: [UInt8], inputName: String) throws(CSVError) {
    try self.init(input: CSVInput(contents: contents, name: inputName), delimiter: .comma)
  }

  /// Reads the chunks `nextChunk` hands over, in order, until it gives nil, and reads the header
  /// (from the first chunks): CSV that comes over the network while it is read. Chunks may end
  /// anywhere, inside a record too.
  ///
  /// - Parameter inputName: what errors call the input, such as the address it comes from.
  /// - Throws: `CSVError` when its header is missing or bad, or `nextChunk` throws.
  public convenience init(
    inputName: String, chunkSize: Int = defaultChunkSize,
    nextChunk: @escaping () throws(CSVError) -> [UInt8]?
  ) throws(CSVError) {
    try self.init(
      input: CSVInput(name: inputName, chunkSize: chunkSize, nextChunk: nextChunk),
      delimiter: .comma)
  }

  private init(input: CSVInput, delimiter: CSVDelimiter) throws(CSVError) {
    self.input = input
    scanner = try CSVScanner(input: input, delimiter: delimiter)
    header = try scanner.readHeader()
  }

  /// The next record, or nil at the end of the input, and forever after.
  ///
  /// - Throws: `CSVError` for bad input (a record with another number of fields than the header,
  ///   bad quoting, invalid UTF-8, a NUL byte) or a failed read; every later call throws it again.
  public func next() throws(CSVError) -> CSVRecord? {
    try scanner.nextRecord(expectedFieldCount: header.count)
  }
}
