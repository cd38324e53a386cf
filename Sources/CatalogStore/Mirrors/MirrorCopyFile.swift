import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pages of a copy in progress (DESIGN §16), kept in a file beside the catalog rather than in
/// it: an import that builds the mirror from the pages while they come holds the catalog's write
/// transaction, and the pages must outlive it when it is cut off.
///
/// The file is a line naming the copy (`catalog mirror copy IDENTITY`), then one frame a page: four
/// 64-bit little-endian numbers (the records' length in bytes, how many items they hold, the last
/// item's number or -1, 1 on the last page) and the page's CSV lines. A frame cut off by a crash
/// is cut away when the file is opened again; a file of another copy is started anew. An
/// exclusive lock keeps a second process from writing the same copy.
///
/// Used by one thread at a time.
public final class MirrorCopyFile: @unchecked Sendable {
  /// What the kept pages hold.
  public struct State: Equatable, Sendable {
    public var itemCount = 0
    public var lastItem: Int?
    public var isComplete = false
  }

  private static let frameHeaderSize = 32

  public let path: String
  /// What the pages kept so far hold.
  public private(set) var state: State
  /// The copy's columns, which every page has.
  private let columns: [String]
  private let descriptor: Int32
  /// Where the frames end: where the next is written.
  private var end: Int

  /// Opens the copy `identity` of `columns` at `path` for writing, creating it, or starting it
  /// anew when it holds another copy; a page cut off is cut away.
  ///
  /// - Throws: `CatalogError.mirrorCopyFile` when the file cannot be written, or another process
  ///   is writing the same copy.
  init(path: String, identity: String, columns: [String]) throws(CatalogError) {
    self.path = path
    self.columns = columns
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, "cannot open it: \(Self.lastError)") }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      throw Self.failure(path, "another process is copying into it")
    }
    let heading = Self.heading(identity)
    if let (state, end) = Self.scan(descriptor, heading: heading) {
      self.state = state
      self.end = end
    } else {
      state = State()
      end = heading.count
      guard ftruncate(descriptor, 0) == 0, Self.write(heading, to: descriptor, at: 0) else {
        close(descriptor)
        throw Self.failure(path, "cannot write it: \(Self.lastError)")
      }
    }
    guard ftruncate(descriptor, off_t(end)) == 0 else {
      close(descriptor)
      throw Self.failure(path, "cannot write it: \(Self.lastError)")
    }
  }

  deinit { close(descriptor) }

  /// What the file at `path` holds of the copy `identity` (nothing when it is missing or of
  /// another copy), read without taking the lock.
  public static func state(at path: String, identity: String) -> State {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return State() }
    defer { close(descriptor) }
    return scan(descriptor, heading: heading(identity))?.0 ?? State()
  }

  /// Adds `page` after the pages kept, the last one when `isLast`.
  ///
  /// - Throws: `CatalogError.invalidRequest` when the page's columns are not the copy's;
  ///   `.mirrorCopyFile` when it cannot be written.
  public func append(_ page: MirrorCopyPage, isLast: Bool) throws(CatalogError) {
    guard page.columns == columns else {
      throw .invalidRequest(
        "a page of the copy in \(path) has the columns \(page.columns.joined(separator: ",")), "
          + "not the copy's")
    }
    var frame: [UInt8] = []
    frame.reserveCapacity(Self.frameHeaderSize + page.records.count)
    for number in [page.records.count, page.itemCount, page.lastItem ?? -1, isLast ? 1 : 0] {
      withUnsafeBytes(of: Int64(number).littleEndian) { frame += $0 }
    }
    frame += page.records
    guard Self.write(frame, to: descriptor, at: end) else {
      throw Self.failure(path, "cannot write it: \(Self.lastError)")
    }
    end += frame.count
    state.itemCount += page.itemCount
    state.lastItem = page.lastItem ?? state.lastItem
    state.isComplete = isLast
  }

  /// The CSV lines of the pages of the copy `identity` kept at `path`, in order, a page at a
  /// time (nil after the last): only the pages whole when it is called, so that more may be added
  /// meanwhile.
  static func records(at path: String, identity: String) throws(CatalogError)
    -> () throws(CSVError) -> [UInt8]?
  {
    let reader = open(path, O_RDONLY | O_CLOEXEC)
    guard reader >= 0 else {
      // No page kept: the copy's file is made with its first.
      return { () throws(CSVError) in nil }
    }
    let heading = Self.heading(identity)
    let end = scan(reader, heading: heading)?.1 ?? heading.count
    let frames = Frames(descriptor: reader, start: heading.count, end: end, path: path)
    return { () throws(CSVError) in try frames.next() }
  }

  /// Reads the frames of one descriptor up to `end`; closes it when done.
  private final class Frames {
    let descriptor: Int32
    let end: Int
    let path: String
    var offset: Int

    init(descriptor: Int32, start: Int, end: Int, path: String) {
      self.descriptor = descriptor
      offset = start
      self.end = end
      self.path = path
    }

    deinit { close(descriptor) }

    func next() throws(CSVError) -> [UInt8]? {
      let start = offset
      guard start < end else { return nil }
      guard let header = MirrorCopyFile.read(descriptor, count: frameHeaderSize, at: start),
        header.count == frameHeaderSize,
        let body = MirrorCopyFile.read(
          descriptor, count: MirrorCopyFile.number(header, 0), at: start + frameHeaderSize),
        body.count == MirrorCopyFile.number(header, 0)
      else { throw CSVError(kind: .cannotRead(errno: EIO), inputName: path, line: 0, column: 0) }
      offset = start + frameHeaderSize + body.count
      return body
    }
  }

  /// Removes the file at `path`, if there is one.
  public static func remove(at path: String) {
    unlink(path)
  }

  // MARK: - The frames

  /// The line that names the copy `identity`, at the start of its file.
  private static func heading(_ identity: String) -> [UInt8] {
    Array("catalog mirror copy \(identity)\n".utf8)
  }

  /// The state and the end of the whole frames of a file that begins with `heading`; nil when it
  /// does not.
  private static func scan(_ descriptor: Int32, heading: [UInt8]) -> (State, Int)? {
    guard read(descriptor, count: heading.count, at: 0) == heading else { return nil }
    var state = State()
    var offset = heading.count
    let size = Int(lseek(descriptor, 0, SEEK_END))
    while !state.isComplete, offset + frameHeaderSize <= size,
      let header = read(descriptor, count: frameHeaderSize, at: offset)
    {
      let length = number(header, 0)
      guard length >= 0, offset + frameHeaderSize + length <= size else { break }
      state.itemCount += number(header, 1)
      let last = number(header, 2)
      if last >= 0 { state.lastItem = last }
      state.isComplete = number(header, 3) == 1
      offset += frameHeaderSize + length
    }
    return (state, offset)
  }

  /// The `index`-th 64-bit number of a frame header.
  private static func number(_ header: [UInt8], _ index: Int) -> Int {
    var value: Int64 = 0
    withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: header[(8 * index)..<(8 * index + 8)]) }
    return Int(Int64(littleEndian: value))
  }

  /// `count` bytes at `offset`, fewer at the end of the file; nil when reading fails.
  private static func read(_ descriptor: Int32, count: Int, at offset: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
      }
      if result > 0 {
        done += result
      } else if result == 0 {
        break
      } else if errno != EINTR {
        return nil
      }
    }
    return Array(bytes.prefix(done))
  }

  /// Writes all of `bytes` at `offset`; false when writing fails.
  private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(offset + done))
      }
      if result >= 0 {
        done += result
      } else if errno != EINTR {
        return false
      }
    }
    return true
  }

  private static var lastError: String { String(cString: strerror(errno)) }

  private static func failure(_ path: String, _ reason: String) -> CatalogError {
    .mirrorCopyFile(path: path, reason: reason)
  }
}
