import CatalogStore
import Foundation
import Synchronization

/// A CSV body imported as it arrives (`PUT /api/collections/NAME/items?mode=…`, DESIGN §15): the
/// import runs on a thread of its own, reading the body from one end of a socket pair while the
/// connection's thread writes each part of it into the other as libmicrohttpd hands it over.
/// Memory does not grow with the body, and a full socket holds the client back until the import
/// has read on.
///
/// The import is one write, as `catalog import` is: when the body ends it commits, and when the
/// body is abandoned (over its limit, or its client gone) it is told to stop before it sees the
/// end, and keeps nothing. An import that fails before the body ends (bad CSV at line 3) stops
/// reading, and the rest of the body is thrown away.
final class CSVUpload: BodyReceiver {
  /// What the import thread leaves for `finish`; set before `done` is signalled, read after.
  private final class Outcome: @unchecked Sendable {
    var result: Result<(summary: ImportSummary, created: Bool), APIError> =
      .failure(APIError(status: 500, message: "the import did not finish"))
  }

  /// Tells the import to stop before it commits.
  private final class StopFlag: Sendable {
    private let isSet = Atomic(false)
    func set() { isSet.store(true, ordering: .sequentiallyConsistent) }
    var value: Bool { isSet.load(ordering: .sequentiallyConsistent) }
  }

  private let input: Int32
  private var isInputOpen = true
  /// Whether the import stopped reading (it failed): the rest of the body is not sent.
  private var hasImportStopped = false
  private let outcome = Outcome()
  private let done = DispatchSemaphore(value: 0)
  private let stop = StopFlag()
  private let finishing: (HTTPResponse) -> HTTPResponse

  /// Starts importing into `options.collection` with `catalogs`, from the body to come.
  ///
  /// - Parameter finishing: what the answer goes through last (the cross-origin headers).
  /// - Throws: `APIError` 500 when the socket pair cannot be made.
  init(
    options: ImportOptions, catalogs: CatalogPool,
    finishing: @escaping (HTTPResponse) -> HTTPResponse
  ) throws(APIError) {
    var ends: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        == 0
    else {
      throw APIError(
        status: 500, message: "cannot take the body in: \(String(cString: strerror(errno)))")
    }
    input = ends[1]
    self.finishing = finishing
    var stoppable = options
    stoppable.shouldStop = { [stop] in stop.value }
    let output = ends[0]
    Thread.detachNewThread { [outcome, done, stoppable] in
      outcome.result = Self.importBody(from: output, options: stoppable, catalogs: catalogs)
      close(output)
      done.signal()
    }
  }

  deinit { closeInput() }

  /// Imports the CSV that `descriptor` reads, when it is this server's turn to write; says
  /// whether the import made the collection.
  private static func importBody(
    from descriptor: Int32, options: ImportOptions, catalogs: CatalogPool
  ) -> Result<(summary: ImportSummary, created: Bool), APIError> {
    do throws(APIError) {
      return .success(
        try catalogs.writing { catalog in
          let before = Set(try catalog.collections().map(\.name))
          let reader: CSVReader
          do throws(CSVError) {
            reader = try CSVReader(fileDescriptor: descriptor, inputName: "body")
          } catch {
            throw CatalogError.csv(error)
          }
          let summary = try catalog.importCollection(from: reader, options: options)
          return (summary, !before.contains(summary.collection))
        })
    } catch {
      return .failure(error)
    }
  }

  func receive(_ part: UnsafeRawBufferPointer) {
    guard let base = part.baseAddress, !hasImportStopped else { return }
    var offset = 0
    while offset < part.count {
      let sent = send(input, base + offset, part.count - offset, Int32(MSG_NOSIGNAL))
      if sent > 0 {
        offset += sent
      } else if sent < 0 && errno == EINTR {
        continue
      } else {
        hasImportStopped = true
        return
      }
    }
  }

  func finish() -> HTTPResponse {
    closeInput()
    done.wait()
    switch outcome.result {
    case .success(let (summary, created)):
      var response = HTTPResponse.summary(summary.changes, status: created ? 201 : 200)
      if created {
        response.headers.append(("Location", ItemAPI.location(in: summary.collection)))
      }
      return finishing(response)
    case .failure(let error):
      return finishing(.error(error))
    }
  }

  func abandon() {
    stop.set()
    closeInput()
  }

  /// Ends the body the import reads: it reaches its end, and commits unless told to stop.
  private func closeInput() {
    guard isInputOpen else { return }
    isInputOpen = false
    close(input)
  }
}
