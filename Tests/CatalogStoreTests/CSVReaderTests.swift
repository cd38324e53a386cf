import Foundation
import Testing

@testable import CatalogStore

/// Chunk sizes small enough to cut every field, quote and line break, and the default.
private let chunkSizes = [1, 2, 3, 4, 5, 6, 7, CSVReader.defaultChunkSize]

// MARK: - Helpers

/// Writes `contents` to a new temporary file and returns its path.
private func makeTemporaryFile(_ contents: [UInt8]) -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("CSVReaderTests-\(UUID().uuidString).csv").path
  #expect(FileManager.default.createFile(atPath: path, contents: Data(contents)))
  return path
}

/// The header and records of `contents`, read from a temporary file named `cities.csv` in errors.
private func read(
  _ contents: [UInt8], delimiter: CSVDelimiter = .comma, chunkSize: Int
) throws(CSVError) -> (header: [String], records: [CSVRecord]) {
  let path = makeTemporaryFile(contents)
  let fileDescriptor = open(path, O_RDONLY)
  defer {
    close(fileDescriptor)
    try? FileManager.default.removeItem(atPath: path)
  }
  let reader = try CSVReader(
    fileDescriptor: fileDescriptor, inputName: "cities.csv", delimiter: delimiter,
    chunkSize: chunkSize)
  var records: [CSVRecord] = []
  while let record = try reader.next() { records.append(record) }
  return (reader.header, records)
}

/// A file of `2 * rows` records whose quoted fields hold CRLF, CR, quotes and commas, with CRLF,
/// LF and blank lines between records, in two scripts.
private func everyLineBreak(rows: Int) -> String {
  var text = "name,state,note\n"
  for row in 0..<rows {
    text += "Zürich \(row),\"Z\"\"H\",\"line\r\nbreak \(row)\"\r\n\n"
    text += "東京\(row),13,\"a,b\rc\"\n"
  }
  return text
}

private func read(
  _ text: String, delimiter: CSVDelimiter = .comma, chunkSize: Int
) throws(CSVError) -> (header: [String], records: [CSVRecord]) {
  try read(Array(text.utf8), delimiter: delimiter, chunkSize: chunkSize)
}

/// How reading `contents` fails, as printed; nil when it does not.
private func readingError(
  _ contents: [UInt8], delimiter: CSVDelimiter = .comma, chunkSize: Int
) -> String? {
  do {
    _ = try read(contents, delimiter: delimiter, chunkSize: chunkSize)
    return nil
  } catch {
    return error.description
  }
}

private func readingError(
  _ text: String, delimiter: CSVDelimiter = .comma, chunkSize: Int
) -> String? {
  readingError(Array(text.utf8), delimiter: delimiter, chunkSize: chunkSize)
}

/// The read end of a new pipe that a thread fills with `contents`, then closes.
private func makePipe(feeding contents: [UInt8]) throws -> Int32 {
  var fileDescriptors: [Int32] = [0, 0]
  try #require(pipe(&fileDescriptors) == 0)
  let writeEnd = fileDescriptors[1]
  Thread {
    contents.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
        guard written > 0 else { break }
        offset += written
      }
    }
    close(writeEnd)
  }.start()
  return fileDescriptors[0]
}

struct CSVReaderTests {
  // MARK: - Valid input

  @Test(arguments: chunkSizes)
  func readsHeaderAndRecordsWithTheirLines(chunkSize: Int) throws {
    let (header, records) = try read("name,state\nBoston,MA\nAustin,TX\n", chunkSize: chunkSize)
    #expect(header == ["name", "state"])
    #expect(
      records == [
        CSVRecord(fields: ["Boston", "MA"], line: 2), CSVRecord(fields: ["Austin", "TX"], line: 3),
      ])
  }

  @Test(arguments: chunkSizes)
  func keepsUnquotedFieldsAsWritten(chunkSize: Int) throws {
    let (_, records) = try read("zip,name,note\n00501, Holtsville ,\n,,  \n", chunkSize: chunkSize)
    #expect(
      records == [
        CSVRecord(fields: ["00501", " Holtsville ", ""], line: 2),
        CSVRecord(fields: ["", "", "  "], line: 3),
      ])
  }

  @Test(arguments: chunkSizes)
  func unquotesQuotedFields(chunkSize: Int) throws {
    let text = #"""
      "name","note"
      "Washington, D.C.","say ""hi"""
      ""," x "
      """","a""b"
      """#
    let (header, records) = try read(text, chunkSize: chunkSize)
    #expect(header == ["name", "note"])
    #expect(
      records == [
        CSVRecord(fields: ["Washington, D.C.", "say \"hi\""], line: 2),
        CSVRecord(fields: ["", " x "], line: 3),
        CSVRecord(fields: ["\"", "a\"b"], line: 4),
      ])
  }

  @Test(arguments: chunkSizes)
  func keepsLineBreaksInQuotedFieldsAndCountsTheirLines(chunkSize: Int) throws {
    let text = "a,b\n\"1\n2\",x\n\"3\r4\",y\r\n\"5\r\n6\",z\nlast,w\n"
    let (_, records) = try read(text, chunkSize: chunkSize)
    #expect(
      records == [
        CSVRecord(fields: ["1\n2", "x"], line: 2),
        CSVRecord(fields: ["3\r4", "y"], line: 4),
        CSVRecord(fields: ["5\r\n6", "z"], line: 6),
        CSVRecord(fields: ["last", "w"], line: 8),
      ])
  }

  @Test(arguments: chunkSizes)
  func endsRecordsAtLFCRLFOrALoneCR(chunkSize: Int) throws {
    let (header, records) = try read("a,b\r\n1,2\r3,4\n5,6\r", chunkSize: chunkSize)
    #expect(header == ["a", "b"])
    #expect(
      records == [
        CSVRecord(fields: ["1", "2"], line: 2), CSVRecord(fields: ["3", "4"], line: 3),
        CSVRecord(fields: ["5", "6"], line: 4),
      ])
  }

  @Test(arguments: chunkSizes)
  func skipsAByteOrderMark(chunkSize: Int) throws {
    let (header, records) = try read("\u{FEFF}name,x\n1,2\n", chunkSize: chunkSize)
    #expect(header == ["name", "x"])
    #expect(records == [CSVRecord(fields: ["1", "2"], line: 2)])
  }

  @Test(arguments: chunkSizes)
  func needsNoFinalLineBreak(chunkSize: Int) throws {
    #expect(
      try read("a,b\n1,2", chunkSize: chunkSize).records == [
        CSVRecord(fields: ["1", "2"], line: 2)
      ])
    #expect(
      try read("a,b\n1,\"2\"", chunkSize: chunkSize).records == [
        CSVRecord(fields: ["1", "2"], line: 2)
      ])
    #expect(
      try read("a,b\n1,", chunkSize: chunkSize).records == [CSVRecord(fields: ["1", ""], line: 2)])
    #expect(try read("a,b", chunkSize: chunkSize) == (["a", "b"], []))
  }

  @Test(arguments: chunkSizes)
  func skipsBlankLines(chunkSize: Int) throws {
    let (header, records) = try read(
      "\n\r\na,b\n\n1,2\r\n\r\n\r3,4\n\n", chunkSize: chunkSize)
    #expect(header == ["a", "b"])
    #expect(
      records == [
        CSVRecord(fields: ["1", "2"], line: 5), CSVRecord(fields: ["3", "4"], line: 8),
      ])
  }

  @Test(arguments: chunkSizes)
  func readsTabSeparatedValues(chunkSize: Int) throws {
    let text = "name\tnote\nParis, France\t\"a\tb\"\n\t\n"
    let (header, records) = try read(text, delimiter: .tab, chunkSize: chunkSize)
    #expect(header == ["name", "note"])
    #expect(
      records == [
        CSVRecord(fields: ["Paris, France", "a\tb"], line: 2),
        CSVRecord(fields: ["", ""], line: 3),
      ])
  }

  @Test(arguments: chunkSizes)
  func readsOtherDelimiters(chunkSize: Int) throws {
    let semicolon = try #require(CSVDelimiter(";"))
    let (header, records) = try read(
      "a;b\n1,5;\"x;y\"\n", delimiter: semicolon, chunkSize: chunkSize)
    #expect(header == ["a", "b"])
    #expect(records == [CSVRecord(fields: ["1,5", "x;y"], line: 2)])
  }

  @Test(arguments: chunkSizes)
  func readsTextInAnyScript(chunkSize: Int) throws {
    let text = "名前,état\n東京,Île-de-France\n\"Zürich\",Москва\n"
    let (header, records) = try read(text, chunkSize: chunkSize)
    #expect(header == ["名前", "état"])
    #expect(
      records == [
        CSVRecord(fields: ["東京", "Île-de-France"], line: 2),
        CSVRecord(fields: ["Zürich", "Москва"], line: 3),
      ])
  }

  @Test func returnsNilForeverAfterTheEnd() throws {
    let path = makeTemporaryFile(Array("a\n1\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try CSVReader(path: path)
    #expect(try reader.next() == CSVRecord(fields: ["1"], line: 2))
    #expect(try reader.next() == nil)
    #expect(try reader.next() == nil)
  }

  @Test(arguments: [1, 7, 4096])
  func readsLongInputInTinyChunksAsInOneChunk(chunkSize: Int) throws {
    let text = everyLineBreak(rows: 2000)
    let expected = try read(text, chunkSize: CSVReader.defaultChunkSize)
    #expect(expected.records.count == 4000)
    #expect(expected.records.last == CSVRecord(fields: ["東京1999", "13", "a,b\rc"], line: 10_000))
    let inChunks = try read(text, chunkSize: chunkSize)
    #expect(inChunks.header == expected.header)
    #expect(inChunks.records == expected.records)
  }

  /// Chunks handed over as they come (a copy's pages over the network) may end anywhere: inside
  /// a quoted field, between CR and LF, inside a character; read, they are the same file.
  @Test(arguments: [1, 2, 5, 13, 64, 1000])
  func readsChunksHandedOverAsTheyComeAsOneFile(chunkLength: Int) throws {
    let text = everyLineBreak(rows: 300)
    let expected = try read(text, chunkSize: CSVReader.defaultChunkSize)
    var rest = Array(text.utf8)[...]
    let reader = try CSVReader(inputName: "a stream", chunkSize: 7) { () throws(CSVError) in
      guard !rest.isEmpty else { return nil }
      defer { rest = rest.dropFirst(chunkLength) }
      return Array(rest.prefix(chunkLength))
    }
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    #expect(reader.header == ["name", "state", "note"])
    #expect(records.count == 600)
    #expect(records == expected.records)
  }

  /// A stream that fails fails the reading, at the record it was in.
  @Test func aChunkThatCannotComeFailsTheReading() throws {
    var chunks = [Array("a,b\n1,2\n3,".utf8)]
    let reader = try CSVReader(inputName: "a stream") { () throws(CSVError) in
      guard !chunks.isEmpty else {
        throw CSVError(
          kind: .cannotRead(errno: ECONNRESET), inputName: "a stream", line: 0, column: 0)
      }
      return chunks.removeFirst()
    }
    #expect(try reader.next() == CSVRecord(fields: ["1", "2"], line: 2))
    #expect(throws: CSVError.self) { try reader.next() }
  }

  @Test func readsAFieldLongerThanManyChunks() throws {
    let long = String(repeating: "Québec, \"QC\"\n", count: 300_000)
    let escaped = long.replacingOccurrences(of: "\"", with: "\"\"")
    let text = "a,b\n\"\(escaped)\",x\ny,z\n"
    let (_, records) = try read(text, chunkSize: 1 << 16)
    #expect(records.count == 2)
    #expect(records.first?.fields == [long, "x"])
    #expect(records.last == CSVRecord(fields: ["y", "z"], line: 300_003))
  }

  @Test func keepsItsBufferAtTheSizeOfARecord() throws {
    let text = "name,state\n" + String(repeating: "Springfield,IL\n", count: 10_000)
    let path = makeTemporaryFile(Array(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try CSVReader(path: path, chunkSize: 8)
    var count = 0
    while try reader.next() != nil { count += 1 }
    #expect(count == 10_000)
    #expect(reader.input.bytes.count <= 32)
  }

  @Test func readsAFileByPathAndReportsProgress() throws {
    let text = "\u{FEFF}name,state\nBoston,MA\n"
    let path = makeTemporaryFile(Array(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try CSVReader(path: path)
    #expect(reader.inputName == path)
    #expect(reader.totalBytes == 24)
    #expect(reader.bytesRead == 14)
    #expect(try reader.next() == CSVRecord(fields: ["Boston", "MA"], line: 2))
    #expect(reader.bytesRead == 24)
  }

  @Test func readsAPipe() throws {
    var text = "name,population\n"
    for row in 0..<20_000 { text += "Ciudad \(row),\(row)\n" }
    let bytes = Array(text.utf8)
    let readEnd = try makePipe(feeding: bytes)
    defer { close(readEnd) }
    let reader = try CSVReader(
      fileDescriptor: readEnd, inputName: "<stdin>", chunkSize: 4096)
    #expect(reader.header == ["name", "population"])
    #expect(reader.totalBytes == nil)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    #expect(records.count == 20_000)
    #expect(records.last == CSVRecord(fields: ["Ciudad 19999", "19999"], line: 20_001))
    #expect(reader.bytesRead == bytes.count)
  }

  @Test func readsStandardInputWhenThePathIsADash() throws {
    let standardInput = dup(STDIN_FILENO)
    let readEnd = try makePipe(feeding: Array("a,b\n1,2\n3\n".utf8))
    dup2(readEnd, STDIN_FILENO)
    close(readEnd)
    defer {
      dup2(standardInput, STDIN_FILENO)
      close(standardInput)
    }
    let reader = try CSVReader(path: "-")
    #expect(reader.inputName == "<stdin>")
    #expect(try reader.next() == CSVRecord(fields: ["1", "2"], line: 2))
    do {
      _ = try reader.next()
      Issue.record("read a record with too few fields")
    } catch {
      #expect(
        error.description == "<stdin>:3:1: error: expected 2 fields as in the header, found 1")
    }
  }

  @Test func acceptsPrintableASCIIAndTabAsDelimiters() {
    #expect(CSVDelimiter(",") == .comma)
    #expect(CSVDelimiter("\t") == .tab)
    #expect(CSVDelimiter(";")?.description == "';'")
    #expect(CSVDelimiter.tab.description == "tab")
    for refused: Character in ["\"", "\n", "\r\n", "\u{0}", "é", "\u{7F}"] {
      #expect(CSVDelimiter(refused) == nil)
    }
  }

  // MARK: - Errors

  @Test(arguments: chunkSizes)
  func refusesInputWithoutAHeader(chunkSize: Int) {
    let expected = "cities.csv:1:1: error: missing header, expected a line of column names"
    #expect(readingError("", chunkSize: chunkSize) == expected)
    #expect(readingError("\n\r\n\r", chunkSize: chunkSize) == expected)
  }

  @Test(arguments: chunkSizes)
  func refusesABadHeader(chunkSize: Int) {
    #expect(
      readingError("name,state,name\nA,B,C\n", chunkSize: chunkSize)
        == "cities.csv:1:12: error: duplicate header name \"name\" in fields 1 and 3")
    #expect(
      readingError("\u{FEFF}né,\"né\"\n", chunkSize: chunkSize)
        == "cities.csv:1:4: error: duplicate header name \"né\" in fields 1 and 2")
    #expect(
      readingError("\n\"a\nb\",c, \u{3000}\n", chunkSize: chunkSize)
        == "cities.csv:3:6: error: empty header name in field 3, expected a column name")
    #expect(
      readingError("name,\"\"\n", chunkSize: chunkSize)
        == "cities.csv:1:6: error: empty header name in field 2, expected a column name")
  }

  @Test(arguments: chunkSizes)
  func refusesUTF16(chunkSize: Int) {
    let expected = """
      cities.csv:1:1: error: UTF-16 text, expected UTF-8
      cities.csv:1:1: note: convert it first, for example: iconv -f utf-16 -t utf-8 FILE
      """
    #expect(readingError([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00], chunkSize: chunkSize) == expected)
    #expect(readingError([0xFE, 0xFF, 0x00, 0x61], chunkSize: chunkSize) == expected)
  }

  @Test(arguments: chunkSizes)
  func pointsAtTheOpeningQuoteOfAnUnterminatedField(chunkSize: Int) {
    let text = "name,note\nZürich,ok\nGenève,\"open\nmore,x\n"
    #expect(
      readingError(text, chunkSize: chunkSize) == """
        cities.csv:3:8: error: unterminated quoted field
        cities.csv:3:8: note: expected a closing quote; a quote inside a quoted field is doubled
        """)
  }

  @Test(arguments: chunkSizes)
  func pointsAtAQuoteInAnUnquotedField(chunkSize: Int) {
    #expect(
      readingError("name,size\nDisk,5\"\n", chunkSize: chunkSize) == """
        cities.csv:2:7: error: quote inside an unquoted field
        cities.csv:2:7: note: quote the whole field and double the quotes inside it
        """)
  }

  @Test(arguments: chunkSizes)
  func pointsAtTextAfterAClosingQuote(chunkSize: Int) {
    #expect(
      readingError("name,size\n\"Disk\" x,5\n", chunkSize: chunkSize)
        == "cities.csv:2:7: error: text after closing quote, expected ',' or end of line")
    #expect(
      readingError("name\tsize\n1\t\"a\nb\"c\n", delimiter: .tab, chunkSize: chunkSize)
        == "cities.csv:3:3: error: text after closing quote, expected tab or end of line")
  }

  @Test(arguments: chunkSizes)
  func pointsAtAnInvalidUTF8Byte(chunkSize: Int) {
    let note = "note: convert it first, for example: iconv -f latin1 -t utf-8 FILE"
    let latin1 = Array("name,city\nMünchen,K".utf8) + [0xF6] + Array("ln\n".utf8)
    #expect(
      readingError(latin1, chunkSize: chunkSize) == """
        cities.csv:2:10: error: invalid UTF-8 byte 0xF6
        cities.csv:2:10: \(note)
        """)
    let inQuotedLines = Array("a,b\n1,\"x\ny".utf8) + [0xE9] + Array("\"\n".utf8)
    #expect(
      readingError(inQuotedLines, chunkSize: chunkSize) == """
        cities.csv:3:2: error: invalid UTF-8 byte 0xE9
        cities.csv:3:2: \(note)
        """)
    let afterDoubledQuotes = Array("a,b\n\"\"\"é".utf8) + [0xC3] + Array("\",1\n".utf8)
    #expect(
      readingError(afterDoubledQuotes, chunkSize: chunkSize) == """
        cities.csv:2:5: error: invalid UTF-8 byte 0xC3
        cities.csv:2:5: \(note)
        """)
    let inHeader = [0x80] + Array(",b\n".utf8)
    #expect(
      readingError(inHeader, chunkSize: chunkSize) == """
        cities.csv:1:1: error: invalid UTF-8 byte 0x80
        cities.csv:1:1: \(note)
        """)
  }

  @Test(arguments: chunkSizes)
  func pointsAtANulByte(chunkSize: Int) {
    #expect(
      readingError("a,b\n1,x\u{0}y\n", chunkSize: chunkSize)
        == "cities.csv:2:4: error: NUL byte, expected text")
    #expect(
      readingError("a,b\n1,\"x\n\u{0}\"\n", chunkSize: chunkSize)
        == "cities.csv:3:1: error: NUL byte, expected text")
  }

  @Test(arguments: chunkSizes)
  func pointsAtTheStartOfARecordWithTooFewOrTooManyFields(chunkSize: Int) {
    #expect(
      readingError(
        "name,state,country,population\nBoston,MA,US,650000\nAustin,TX,US\n", chunkSize: chunkSize)
        == "cities.csv:3:1: error: expected 4 fields as in the header, found 3")
    #expect(
      readingError("a,b\n\"1\n2\",x\n\n3,4,\"5\n\"\n", chunkSize: chunkSize)
        == "cities.csv:5:1: error: expected 2 fields as in the header, found 3")
    #expect(
      readingError("a\n1,2\n", chunkSize: chunkSize)
        == "cities.csv:2:1: error: expected 1 field as in the header, found 2")
  }

  @Test func throwsTheSameErrorAgainAfterAnError() throws {
    let path = makeTemporaryFile(Array("a,b\n1,2\n3\n4,5\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try CSVReader(path: path)
    #expect(try reader.next() == CSVRecord(fields: ["1", "2"], line: 2))
    let expected = CSVError(
      kind: .fieldCount(expected: 2, found: 1), inputName: path, line: 3, column: 1)
    #expect(throws: expected) { try reader.next() }
    #expect(throws: expected) { try reader.next() }
  }

  @Test func namesAnInputThatCannotBeOpenedOrRead() {
    do {
      _ = try CSVReader(path: "nope.csv")
      Issue.record("opened a file that does not exist")
    } catch {
      #expect(error.description == "nope.csv: error: cannot open: No such file or directory")
    }
    do {
      _ = try CSVReader(path: "/")
      Issue.record("read a directory")
    } catch {
      #expect(error.description == "/: error: cannot read: Is a directory")
    }
  }
}
