#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file descriptor read in large chunks into a buffer that keeps the bytes not consumed yet,
/// bytes held in memory, or chunks handed over one by one as they come.
///
/// The buffer starts at the chunk size and doubles only when the unconsumed bytes (one record)
/// fill it, so memory is bounded by the largest record, not by the input.
final class CSVInput {
  /// The input as the user named it, for errors.
  let name: String
  /// The size of the input when it is a regular file, else nil.
  let size: Int?
  /// The buffer; valid bytes are `start..<end`.
  private(set) var bytes: UnsafeMutableBufferPointer<UInt8>
  /// The offset in `bytes` of the first byte not consumed yet.
  var start = 0
  /// The offset in `bytes` just past the last byte read.
  private(set) var end = 0
  /// Whether the input has ended, so that `end` is the end of the input.
  private(set) var isAtEnd = false
  /// How many bytes have been read from the file descriptor.
  private(set) var totalRead = 0
  private let fileDescriptor: Int32
  private let closesFileDescriptor: Bool
  /// Where the input comes from when it is handed over in chunks: the next chunk, nil at the end.
  private let nextChunk: (() throws(CSVError) -> [UInt8]?)?
  /// The part of the last chunk handed over that is not in the buffer yet.
  private var chunk: ArraySlice<UInt8> = []

  /// Opens the file at `path` for reading; the input closes it when done.
  convenience init(path: String, name: String, chunkSize: Int) throws(CSVError) {
    let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard fileDescriptor >= 0 else {
      throw CSVError(kind: .cannotOpen(errno: errno), inputName: name, line: 0, column: 0)
    }
    self.init(
      fileDescriptor: fileDescriptor, closesFileDescriptor: true, name: name, chunkSize: chunkSize)
  }

  /// Reads from `fileDescriptor` from its current offset; closes it when done only if
  /// `closesFileDescriptor`.
  init(fileDescriptor: Int32, closesFileDescriptor: Bool, name: String, chunkSize: Int) {
    precondition(chunkSize > 0, "the chunk size must be positive")
    self.fileDescriptor = fileDescriptor
    self.closesFileDescriptor = closesFileDescriptor
    nextChunk = nil
    self.name = name
    size = Self.remainingSize(of: fileDescriptor)
    bytes = .allocate(capacity: chunkSize)
  }

  /// Reads the chunks `nextChunk` hands over, in order, until it gives nil: a stream that comes
  /// over the network while it is read.
  init(name: String, chunkSize: Int, nextChunk: @escaping () throws(CSVError) -> [UInt8]?) {
    precondition(chunkSize > 0, "the chunk size must be positive")
    fileDescriptor = -1
    closesFileDescriptor = false
    self.nextChunk = nextChunk
    self.name = name
    size = nil
    bytes = .allocate(capacity: chunkSize)
  }

  /// Reads `contents`, held in memory whole: a page that came over the network.
  init(contents: [UInt8], name: String) {
    fileDescriptor = -1
    closesFileDescriptor = false
    nextChunk = nil
    self.name = name
    size = contents.count
    bytes = .allocate(capacity: max(contents.count, 1))
    _ = bytes.initialize(fromContentsOf: contents)
    end = contents.count
    totalRead = contents.count
    isAtEnd = true
  }

  deinit {
    bytes.deallocate()
    if closesFileDescriptor { close(fileDescriptor) }
  }

  /// Reads more input after the unconsumed bytes: moves them to the front, doubles the buffer when
  /// they fill it, then reads until the buffer is full or the input ends (from a stream of chunks:
  /// until something more came).
  func readMore() throws(CSVError) {
    let base = bytes.baseAddress!
    if start > 0 {
      memmove(base, base + start, end - start)
      end -= start
      start = 0
    }
    if end == bytes.count {
      let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * bytes.count)
      _ = larger.initialize(fromContentsOf: bytes)
      bytes.deallocate()
      bytes = larger
    }
    if let nextChunk {
      // A stream is read as it comes: one chunk's worth, not a full buffer.
      let filled = end
      while end == filled && !isAtEnd { try takeChunk(from: nextChunk) }
      return
    }
    while end < bytes.count && !isAtEnd {
      let count = read(fileDescriptor, bytes.baseAddress! + end, bytes.count - end)
      if count > 0 {
        end += count
        totalRead += count
      } else if count == 0 {
        isAtEnd = true
      } else if errno != EINTR {
        throw CSVError(kind: .cannotRead(errno: errno), inputName: name, line: 0, column: 0)
      }
    }
  }

  /// Moves as much of the current chunk into the buffer as fits, asking for the next chunk once
  /// it is used up.
  private func takeChunk(from nextChunk: () throws(CSVError) -> [UInt8]?) throws(CSVError) {
    if chunk.isEmpty {
      guard let next = try nextChunk() else {
        isAtEnd = true
        return
      }
      chunk = next[...]
    }
    let count = min(chunk.count, bytes.count - end)
    _ = UnsafeMutableBufferPointer(rebasing: bytes[end..<end + count])
      .initialize(fromContentsOf: chunk.prefix(count))
    chunk = chunk.dropFirst(count)
    end += count
    totalRead += count
  }

  /// Reads until at least `count` bytes are unconsumed or the input ends.
  func fill(atLeast count: Int) throws(CSVError) {
    while end - start < count && !isAtEnd { try readMore() }
  }

  /// The bytes from the descriptor's offset to the end of the file, when it is a regular file.
  private static func remainingSize(of fileDescriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    let offset = lseek(fileDescriptor, 0, SEEK_CUR)
    return Int(status.st_size) - Int(max(offset, 0))
  }
}
