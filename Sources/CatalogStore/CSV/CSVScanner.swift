import CatalogCollation

/// Splits the bytes of a `CSVInput` into RFC 4180 records, checking syntax and encoding as it
/// goes.
///
/// The record being scanned always starts at the input's first unconsumed byte. When the buffer
/// holds only part of it, more input is read and the record is scanned again from its start, so a
/// field may span any number of chunks.
struct CSVScanner {
  private let input: CSVInput
  private let delimiter: CSVDelimiter
  /// The line of the input's first unconsumed byte, which always starts a line.
  private var line = 1
  /// The content of a quoted field with doubled quotes made single, reused between fields.
  private var unescaped: [UInt8] = []

  /// Starts scanning `input`: refuses UTF-16 and skips a UTF-8 byte order mark.
  init(input: CSVInput, delimiter: CSVDelimiter) throws(CSVError) {
    self.input = input
    self.delimiter = delimiter
    try input.fill(atLeast: 3)
    let head = input.bytes.extracting(input.start..<input.end)
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      throw CSVError(kind: .utf16, inputName: input.name, line: 1, column: 1)
    }
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { input.start += 3 }
  }

  /// Reads the first record as the header: names that are not blank and not repeated.
  mutating func readHeader() throws(CSVError) -> [String] {
    guard let header = try scanRecord(fieldCapacity: 0) else {
      throw CSVError(kind: .missingHeader, inputName: input.name, line: 1, column: 1)
    }
    var fieldByName: [String: Int] = [:]
    for (index, name) in header.fields.enumerated() {
      if name.trimmingWhiteSpace.isEmpty {
        throw error(.emptyHeaderName(field: index + 1), at: startOfField(index))
      }
      if let first = fieldByName[name] {
        let kind = CSVError.Kind.duplicateHeaderName(name, firstField: first + 1, field: index + 1)
        throw error(kind, at: startOfField(index))
      }
      fieldByName[name] = index
    }
    consume(header)
    return header.fields
  }

  /// Reads the next record, which must have `expectedFieldCount` fields; nil at the end of the
  /// input. After an error the input stays at the bad record, so the next call fails the same way.
  mutating func nextRecord(expectedFieldCount: Int) throws(CSVError) -> CSVRecord? {
    guard let record = try scanRecord(fieldCapacity: expectedFieldCount) else { return nil }
    guard record.fields.count == expectedFieldCount else {
      let kind = CSVError.Kind.fieldCount(expected: expectedFieldCount, found: record.fields.count)
      throw CSVError(kind: kind, inputName: input.name, line: line, column: 1)
    }
    consume(record)
    return CSVRecord(fields: record.fields, line: record.line)
  }

  // MARK: - Records

  /// A record scanned in the buffer, not consumed yet.
  private struct ScannedRecord {
    var fields: [String]
    /// The line where the record starts.
    var line: Int
    /// The offset just after the record's line break, and the line that starts there.
    var end: Int
    var endLine: Int
  }

  /// What scanning the buffered bytes found.
  private enum ScanOutcome {
    case record(ScannedRecord)
    case needsMoreInput
    case endOfInput
  }

  /// The bytes read so far, as the scanning of one record sees them.
  private struct Buffer {
    /// The bytes from the start of the buffer to the end of what was read.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the input ends where `bytes` do.
    let isAtEnd: Bool

    /// The length of the line break at `offset`, or nil when it is a CR at the end of the buffer,
    /// which an LF may follow.
    func lineBreakLength(at offset: Int) -> Int? {
      guard bytes[offset] == .cr else { return 1 }
      if offset + 1 < bytes.count { return bytes[offset + 1] == .lf ? 2 : 1 }
      return isAtEnd ? 1 : nil
    }

    /// The offset of the first byte from `offset` on that is below 0x23 (the quote, line breaks,
    /// NUL, other control characters and the space) or is `delimiter`, or the end of the bytes.
    ///
    /// Almost all bytes of a field are none of these, so it tests eight at a time: a byte of a
    /// word is flagged when subtracting 0x23 (or 0x01 from it xor the delimiter) borrows into
    /// its top bit while the byte's own top bit is clear; the lowest flag is always exact.
    @inline(__always)
    func firstCandidateByte(from offset: Int, delimiter: UInt8) -> Int {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let tops: UInt64 = 0x8080_8080_8080_8080
      let delimiters = ones &* UInt64(delimiter)
      let base = UnsafeRawPointer(bytes.baseAddress!)
      var offset = offset
      while offset + 8 <= bytes.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let xored = word ^ delimiters
        let flags = ((word &- ones &* 0x23) & ~word | (xored &- ones) & ~xored) & tops
        if flags != 0 { return offset + flags.trailingZeroBitCount / 8 }
        offset += 8
      }
      while offset < bytes.count && bytes[offset] >= 0x23 && bytes[offset] != delimiter {
        offset += 1
      }
      return offset
    }
  }

  private mutating func consume(_ record: ScannedRecord) {
    input.start = record.end
    line = record.endLine
  }

  /// Scans the next record, reading more input until the buffer holds all of it; nil at the end.
  /// `fieldCapacity` is how many fields to make room for.
  private mutating func scanRecord(fieldCapacity: Int) throws(CSVError) -> ScannedRecord? {
    while true {
      switch try scanBufferedRecord(fieldCapacity: fieldCapacity) {
      case .record(let record): return record
      case .needsMoreInput: try input.readMore()
      case .endOfInput: return nil
      }
    }
  }

  /// Consumes blank lines, then scans the record after them if the buffer holds all of it.
  private mutating func scanBufferedRecord(fieldCapacity: Int) throws(CSVError) -> ScanOutcome {
    let buffer = Buffer(
      bytes: UnsafeBufferPointer(input.bytes.extracting(..<input.end)), isAtEnd: input.isAtEnd)
    let bytes = buffer.bytes
    var i = input.start
    while i < bytes.count, bytes[i] == .lf || bytes[i] == .cr,
      let length = buffer.lineBreakLength(at: i)
    {
      i += length
      line += 1
    }
    input.start = i
    guard i < bytes.count, bytes[i] != .cr else {
      return buffer.isAtEnd ? .endOfInput : .needsMoreInput
    }

    var endLine = line
    var fields: [String] = []
    fields.reserveCapacity(fieldCapacity)
    while true {
      let field =
        i < bytes.count && bytes[i] == .quote
        ? try scanQuotedField(in: buffer, at: &i, line: &endLine)
        : try scanUnquotedField(in: buffer, at: &i)
      guard let field else { return .needsMoreInput }
      fields.append(field)
      if i == bytes.count { break }
      if bytes[i] == delimiter.byte {
        i += 1
        continue
      }
      guard let length = buffer.lineBreakLength(at: i) else { return .needsMoreInput }
      i += length
      endLine += 1
      break
    }
    return .record(ScannedRecord(fields: fields, line: line, end: i, endLine: endLine))
  }

  // MARK: - Fields

  /// Scans the unquoted field at `i` up to the delimiter, line break or end of input after it;
  /// nil when the buffer ends first.
  private func scanUnquotedField(in buffer: Buffer, at i: inout Int) throws(CSVError) -> String? {
    let bytes = buffer.bytes
    let delimiter = delimiter.byte
    let start = i
    while true {
      i = buffer.firstCandidateByte(from: i, delimiter: delimiter)
      guard i < bytes.count else { break }
      let byte = bytes[i]
      if byte == delimiter || byte == .lf || byte == .cr { break }
      if byte == .quote { throw error(.quoteInUnquotedField, at: i) }
      if byte == 0 { throw error(.nulByte, at: i) }
      i += 1
    }
    if i == bytes.count && !buffer.isAtEnd { return nil }
    return try makeField(bytes.extracting(start..<i).span, raw: start..<i)
  }

  /// Scans the quoted field whose opening quote is at `i` up to just after its closing quote,
  /// adding its line breaks to `line`; nil when the buffer ends first.
  private mutating func scanQuotedField(
    in buffer: Buffer, at i: inout Int, line: inout Int
  ) throws(CSVError) -> String? {
    let bytes = buffer.bytes
    let openingQuote = i
    i += 1
    var segmentStart = i
    var hasDoubledQuotes = false
    while true {
      i = buffer.firstCandidateByte(from: i, delimiter: .quote)
      guard i < bytes.count else {
        guard buffer.isAtEnd else { return nil }
        throw error(.unterminatedQuote, at: openingQuote)
      }
      let byte = bytes[i]
      if byte == .quote {
        guard i + 1 < bytes.count else {
          guard buffer.isAtEnd else { return nil }
          break
        }
        guard bytes[i + 1] == .quote else { break }
        if !hasDoubledQuotes { unescaped.removeAll(keepingCapacity: true) }
        unescaped.append(contentsOf: bytes.extracting(segmentStart...i))
        hasDoubledQuotes = true
        i += 2
        segmentStart = i
      } else if byte == .lf || byte == .cr {
        i += byte == .cr && i + 1 < bytes.count && bytes[i + 1] == .lf ? 2 : 1
        line += 1
      } else if byte == 0 {
        throw error(.nulByte, at: i)
      } else {
        i += 1
      }
    }
    let content = openingQuote + 1..<i
    i += 1
    if i < bytes.count && bytes[i] != delimiter.byte && bytes[i] != .lf && bytes[i] != .cr {
      throw error(.textAfterClosingQuote(delimiter: delimiter), at: i)
    }
    guard hasDoubledQuotes else {
      return try makeField(bytes.extracting(content).span, raw: content)
    }
    unescaped.append(contentsOf: bytes.extracting(segmentStart..<content.upperBound))
    return try makeField(unescaped.span, raw: content)
  }

  // MARK: - Errors

  /// The error at the byte at `offset` of the record being scanned: its line and its column in
  /// Unicode scalars, counting the record's line breaks (LF, CRLF, a lone CR).
  @inline(never)
  private func error(_ kind: CSVError.Kind, at offset: Int) -> CSVError {
    let bytes = input.bytes
    var line = line
    var lineStart = input.start
    var i = input.start
    while i < offset {
      if bytes[i] == .lf || bytes[i] == .cr {
        if bytes[i] == .cr && i + 1 < offset && bytes[i + 1] == .lf { i += 1 }
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    let column = 1 + bytes[lineStart..<offset].count { !UTF8.isContinuation($0) }
    return CSVError(kind: kind, inputName: input.name, line: line, column: column)
  }

  /// The field whose UTF-8 is `content`: the bytes `raw` of the buffer, with doubled quotes made
  /// single when the field is quoted.
  private func makeField(_ content: Span<UInt8>, raw: Range<Int>) throws(CSVError) -> String {
    guard let text = try? UTF8Span(validating: content) else { throw invalidUTF8Error(in: raw) }
    return String(copying: text)
  }

  /// The error at the first byte in `range` of the buffer that is not valid UTF-8 there.
  @inline(never)
  private func invalidUTF8Error(in range: Range<Int>) -> CSVError {
    do throws(UTF8.ValidationError) {
      _ = try UTF8Span(validating: input.bytes.extracting(range).span)
      preconditionFailure("the field's bytes were found invalid, so they cannot validate")
    } catch {
      let offset = range.lowerBound + error.byteOffsets.lowerBound
      return self.error(.invalidUTF8(byte: input.bytes[offset]), at: offset)
    }
  }

  /// The offset of the first byte (or opening quote) of field `index` of the record being
  /// scanned, which is known to be well formed.
  private func startOfField(_ index: Int) -> Int {
    var offset = input.start
    var fieldsBefore = 0
    var isInQuotes = false
    while fieldsBefore < index {
      if input.bytes[offset] == .quote {
        isInQuotes.toggle()
      } else if input.bytes[offset] == delimiter.byte && !isInQuotes {
        fieldsBefore += 1
      }
      offset += 1
    }
    return offset
  }
}

extension UInt8 {
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let lf = UInt8(ascii: "\n")
  fileprivate static let cr = UInt8(ascii: "\r")
}
