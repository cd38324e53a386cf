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
    var result: Result<HTTPResponse, APIError> =
      .failure(APIError(status: 500, message: "the import did not finish"))
  }

  /// The body's digest, for a request sent with an `Idempotency-Key`: the connection's thread
  /// sets it once the body is in, before the import can read the body's end; the import thread
  /// reads it once it has.
  private final class DigestBox: @unchecked Sendable {
    private let lock = NSLock()
    private var digest: Result<[UInt8], APIError>?
    func set(_ digest: Result<[UInt8], APIError>) { lock.withLock { self.digest = digest } }
    var value: Result<[UInt8], APIError>? { lock.withLock { digest } }
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
  /// The digest of the request so far, when it was sent with an `Idempotency-Key`.
  private var digest: RequestDigest?
  private let digestBox = DigestBox()

  /// Starts importing into `options.collection` with `catalogs`, from the body to come.
  ///
  /// - Parameter finishing: what the answer goes through last (the cross-origin headers).
  /// - Throws: `APIError` 500 when the socket pair cannot be made.
  init(
    options: ImportOptions, catalogs: CatalogPool, once: IdempotentWrite? = nil,
    finishing: @escaping (HTTPResponse) -> HTTPResponse
  ) throws(APIError) {
    digest = try once?.startDigest()
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
    Thread.detachNewThread { [outcome, done, stoppable, digestBox] in
      outcome.result = Self.importBody(
        from: output, options: stoppable, catalogs: catalogs, once: once, digest: digestBox)
      close(output)
      done.signal()
    }
  }

  deinit { closeInput() }

  /// Imports the CSV that `descriptor` reads, when it is this server's turn to write, and
  /// answers with its summary: 201 and `Location` when it made the collection. With `once`,
  /// carried out once for its key: the body's digest comes in `digest` once the body is in.
  private static func importBody(
    from descriptor: Int32, options: ImportOptions, catalogs: CatalogPool,
    once: IdempotentWrite?, digest: DigestBox
  ) -> Result<HTTPResponse, APIError> {
    do throws(APIError) {
      return .success(
        try catalogs.writing { catalog in
          let answer = { () throws -> HTTPResponse in
            let before = Set(try catalog.collections().map(\.name))
            let reader: CSVReader
            do throws(CSVError) {
              reader = try CSVReader(fileDescriptor: descriptor, inputName: "body")
            } catch {
              throw CatalogError.csv(error)
            }
            let summary = try catalog.importCollection(from: reader, options: options)
            let created = !before.contains(summary.collection)
            var response = HTTPResponse.summary(summary.changes, status: created ? 201 : 200)
            if created {
              response.headers.append(("Location", ItemAPI.location(in: summary.collection)))
            }
            if let collection = try catalog.collection(named: summary.collection) {
              response.headers.append((Router.identityHeader, try catalog.identity(of: collection)))
            }
            return response
          }
          guard let once else { return try answer() }
          return try once.answer(
            on: catalog,
            fingerprint: { () throws -> [UInt8] in
              // The body is read to its end: by the import, or here when the key was used before.
              var scratch = [UInt8](repeating: 0, count: 65_536)
              while read(descriptor, &scratch, scratch.count) > 0 {}
              guard let value = digest.value else { throw CatalogError.interrupted }
              return try value.get()
            }, answer)
        })
    } catch {
      return .failure(error)
    }
  }

  func receive(_ part: UnsafeRawBufferPointer) {
    guard let base = part.baseAddress, !hasImportStopped else { return }
    if digest != nil {
      do throws(APIError) {
        try digest?.add(part)
      } catch {
        digestBox.set(.failure(error))
        digest = nil
      }
    }
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
    if let digest {
      digestBox.set(Result { () throws(APIError) in try digest.finish() })
    }
    closeInput()
    done.wait()
    switch outcome.result {
    case .success(let response):
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
