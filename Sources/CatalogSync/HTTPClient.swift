import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Requests to a `catalog serve` over `URLSession`, one at a time, retried with back-off while
/// the server cannot be reached or answers 503 or 5xx, honouring `Retry-After` (DESIGN §16).
final class HTTPClient: @unchecked Sendable {
  struct Response {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// The server's `{"error":…}`, or the body as text.
    var error: String {
      json["error"] as? String ?? String(decoding: body, as: UTF8.self)
    }

    subscript(header name: String) -> String? { headers[name.lowercased()] }
  }

  private let session: URLSession
  let token: String?
  /// How long a request is retried before the sync gives up; nil: for ever.
  let patience: TimeInterval?
  /// Told once when the server stops answering and once when it answers again.
  var onOutage: ((String?) -> Void)?
  /// Asked while retrying: true gives up at once (a follower being stopped).
  var shouldStop: () -> Bool = { false }
  private var isOut = false

  init(token: String?, patience: TimeInterval?, session: URLSession? = nil) {
    self.token = token
    self.patience = patience
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.session = session ?? URLSession(configuration: configuration)
  }

  /// Sends a request, retrying while the server is away or busy; returns any other answer.
  ///
  /// - Throws: `SyncError.unreachable` once `patience` has run out, `.tokenRefused` for a 401.
  func send(
    _ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:]
  ) throws(SyncError) -> Response {
    let start = Date()
    var delay = 0.1
    while true {
      var reason: String
      var wait = delay
      switch once(method, url, body: body, headers: headers) {
      case .success(let response) where response.status < 500:
        if isOut {
          isOut = false
          onOutage?(nil)
        }
        if response.status == 401 { throw .tokenRefused(url: url.absoluteString) }
        return response
      case .success(let response):
        reason = "the server answered \(response.status) (\(response.error))"
        if let after = response[header: "Retry-After"].flatMap(Double.init) { wait = after }
      case .failure(let error):
        reason = error.localizedDescription
      }
      if shouldStop() || patience.map({ Date().timeIntervalSince(start) + wait > $0 }) == true {
        throw .unreachable(url: url.absoluteString, reason: reason)
      }
      if !isOut {
        isOut = true
        onOutage?(reason)
      }
      Thread.sleep(forTimeInterval: wait)
      delay = min(delay * 2, 2)
    }
  }

  private func once(_ method: String, _ url: URL, body: Data?, headers: [String: String])
    -> Result<Response, any Error>
  {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<Response, any Error> = .failure(URLError(.unknown))
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        result = .failure(error)
      } else if let response = response as? HTTPURLResponse {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
          if let name = name as? String, let value = value as? String {
            fields[name.lowercased()] = value
          }
        }
        result = .success(
          Response(status: response.statusCode, headers: fields, body: data ?? Data()))
      }
      done.signal()
    }
    task.resume()
    done.wait()
    return result
  }
}

/// A request sent on another thread and waited for later: a copy asks for its next page while it
/// keeps the one before, so the server makes one page while the device stores the other.
final class PendingResponse: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<HTTPClient.Response, SyncError> = .failure(
    .unreachable(url: "", reason: ""))

  init(_ send: @escaping @Sendable () throws(SyncError) -> HTTPClient.Response) {
    DispatchQueue.global().async {
      do throws(SyncError) {
        self.result = .success(try send())
      } catch {
        self.result = .failure(error)
      }
      self.done.signal()
    }
  }

  /// The answer, once it has come (at once after the first call).
  func wait() throws(SyncError) -> HTTPClient.Response {
    done.wait()
    done.signal()
    return try result.get()
  }
}

/// The server's change stream (Server-Sent Events) as a wake-up: each event it sends, or its end,
/// signals `wakeUp`. URLSession on Linux hands the events over as they arrive (measured: within
/// 20–30 ms of the write's commit), so a follower syncs on each write instead of polling.
final class ChangeStreamWakeUp: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let wakeUp = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var ended = true
  private var session: URLSession?

  /// Whether the stream has ended (or never started): the follower opens it again.
  var hasEnded: Bool { lock.withLock { ended } }

  func open(_ url: URL, token: String?) {
    close()
    var request = URLRequest(url: url)
    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
    lock.withLock {
      ended = false
      self.session = session
    }
    session.dataTask(with: request).resume()
  }

  func close() {
    lock.withLock { session }?.invalidateAndCancel()
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    wakeUp.signal()
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.withLock { ended = true }
    wakeUp.signal()
  }
}
