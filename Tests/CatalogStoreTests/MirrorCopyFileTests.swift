import Foundation
import Testing

@testable import CatalogStore

/// A copy's pages as they come (`MirrorCopyPage`) and as a device keeps them beside its catalog
/// (`MirrorCopyFile`), against pages written by hand.
struct MirrorCopyFileTests {
  static let columns = ["id", "name", "note"]
  /// Two items, one with a quoted line break and quote in its note.
  static let first = Array(
    "item,version,id,name,note\n3,7,p3,Åsa,\"two\nlines, \"\"quoted\"\"\"\n5,9,p5,Bo,\n".utf8)
  static let second = Array("item,version,id,name,note\n8,9,p8,Örjan,x\n".utf8)

  static func path() -> String {
    NSTemporaryDirectory() + "MirrorCopyFileTests-\(UUID().uuidString)"
  }

  @Test func aPageIsCountedByItsLinesNotByItsLineBreaks() throws {
    let page = try MirrorCopyPage(csv: Self.first, source: "page 1")
    #expect(page.columns == Self.columns)
    #expect(page.itemCount == 2)
    #expect(page.lastItem == 5)
    let empty = try MirrorCopyPage(csv: Array("item,version,id,name,note\n".utf8), source: "p")
    #expect(empty.itemCount == 0 && empty.lastItem == nil)
  }

  @Test func aPageCutOffOrNotACopysIsRefused() {
    let cutOff = Array(Self.first.dropLast(3))
    #expect(throws: CatalogError.self) { try MirrorCopyPage(csv: cutOff, source: "p") }
    let insideQuotes = Array("item,version,a\n1,1,\"open\n".utf8)
    #expect(throws: CatalogError.self) { try MirrorCopyPage(csv: insideQuotes, source: "p") }
    let noItem = Array("item,version,a\nx,1,b\n".utf8)
    #expect(throws: CatalogError.self) { try MirrorCopyPage(csv: noItem, source: "p") }
    let otherHeader = Array("id,name\n1,a\n".utf8)
    #expect(throws: CatalogError.self) { try MirrorCopyPage(csv: otherHeader, source: "p") }
  }

  /// The kept pages' lines, read back as the import reads them.
  static func keptLines(_ path: String, identity: String) throws -> [UInt8] {
    let next = try MirrorCopyFile.records(at: path, identity: identity)
    var lines: [UInt8] = []
    while let page = try next() { lines += page }
    return lines
  }

  @Test func pagesKeptAreReadBackAndAPageCutOffByACrashIsCutAway() throws {
    let path = Self.path()
    defer { MirrorCopyFile.remove(at: path) }
    do {
      let file = try MirrorCopyFile(path: path, identity: "c1", columns: Self.columns)
      try file.append(MirrorCopyPage(csv: Self.first, source: "1"), isLast: false)
      try file.append(MirrorCopyPage(csv: Self.second, source: "2"), isLast: true)
      #expect(file.state == .init(itemCount: 3, lastItem: 8, isComplete: true))
    }
    let lines = Array(Self.first.dropFirst(26) + Self.second.dropFirst(26))
    #expect(try Self.keptLines(path, identity: "c1") == lines)

    // A crash in the middle of writing the second page: its frame is cut off.
    let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(truncate(path, off_t(size - 5)) == 0)
    #expect(MirrorCopyFile.state(at: path, identity: "c1") == .init(itemCount: 2, lastItem: 5))
    #expect(try Self.keptLines(path, identity: "c1") == Array(Self.first.dropFirst(26)))
    let file = try MirrorCopyFile(path: path, identity: "c1", columns: Self.columns)
    #expect(file.state == .init(itemCount: 2, lastItem: 5))
    try file.append(MirrorCopyPage(csv: Self.second, source: "2"), isLast: true)
    #expect(try Self.keptLines(path, identity: "c1") == lines)
  }

  @Test func aFileOfAnotherCopyStartsAnewAndASecondWriterIsRefused() throws {
    let path = Self.path()
    defer { MirrorCopyFile.remove(at: path) }
    do {
      let file = try MirrorCopyFile(path: path, identity: "c1", columns: Self.columns)
      try file.append(MirrorCopyPage(csv: Self.first, source: "1"), isLast: false)
      #expect(throws: CatalogError.self) {
        try MirrorCopyFile(path: path, identity: "c1", columns: Self.columns)
      }
      let otherColumns = Array("item,version,id,name\n9,9,p9,Ulla\n".utf8)
      #expect(throws: CatalogError.self) {
        try file.append(MirrorCopyPage(csv: otherColumns, source: "3"), isLast: true)
      }
    }
    #expect(MirrorCopyFile.state(at: path, identity: "c2") == .init())
    let other = try MirrorCopyFile(path: path, identity: "c2", columns: Self.columns)
    #expect(other.state == .init())
    #expect(try Self.keptLines(path, identity: "c2") == [])
    #expect(MirrorCopyFile.state(at: path, identity: "c1") == .init())
  }
}
