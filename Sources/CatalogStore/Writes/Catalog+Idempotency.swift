import Foundation

extension Catalog {
  /// How long the answer to a request sent with a key is kept, at least, in seconds: a day.
  public static let keptIdempotencySeconds = 86_400

  /// What was recorded for the key of `request`: `.replayed` with the first answer when it came
  /// with the same request, `.keyReused` when with another, nil when it was never used (or its
  /// answer is no longer kept).
  public func recordedOutcome(of request: IdempotentRequest) throws(CatalogError)
    -> IdempotentOutcome?
  {
    let statement = try connection.cached(
      """
      SELECT request_sha256, status, headers, body FROM idempotency_keys
      WHERE scope = ? AND key = ?
      """)
    try statement.bind(.text(request.scope), .text(request.key))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    guard statement.blob(at: 0) == request.fingerprint else { return .keyReused }
    let names = statement.stringArray(at: 2)
    return .replayed(
      RecordedAnswer(
        status: statement.int(at: 1),
        headers: stride(from: 0, to: names.count - 1, by: 2).map {
          RecordedAnswer.Header(name: names[$0], value: names[$0 + 1])
        },
        body: statement.blob(at: 3)))
  }

  /// Runs `write`, whose answer it keeps with the request's key in the same transaction, unless
  /// the key was used before: then nothing is written, and the outcome is the first answer (for
  /// the same request) or `.keyReused` (for another). So a write whose answer was lost and that
  /// is sent again is applied once, on every server of a shared catalog; a write that fails keeps
  /// no key, and a write that changes nothing keeps its key all the same. Answers older than
  /// `keptIdempotencySeconds` are pruned as writes go.
  ///
  /// `write` runs inside this transaction: its own writes (`write(to:_:)`, `importCollection`)
  /// are part of it.
  ///
  /// - Throws: what `write` throws, after rolling back; `CatalogError.busy` and the like.
  public func performOnce(_ request: IdempotentRequest, _ write: () throws -> RecordedAnswer)
    throws -> IdempotentOutcome
  {
    var writeError: (any Error)?
    do {
      return try connection.transaction(
        committing: { if case .performed = $0 { true } else { false } }
      ) { () throws(CatalogError) -> IdempotentOutcome in
        if let recorded = try recordedOutcome(of: request) { return recorded }
        let answer: RecordedAnswer
        do {
          answer = try write()
        } catch let error as CatalogError {
          throw error
        } catch {
          writeError = error
          throw .interrupted
        }
        let now = Int(Date.now.timeIntervalSince1970)
        try connection.cached("DELETE FROM idempotency_keys WHERE created_at < ?")
          .bind(.integer(now - Self.keptIdempotencySeconds)).runWithoutWaiting()
        let insert = try connection.cached(
          """
          INSERT INTO idempotency_keys
            (scope, key, request_sha256, status, headers, body, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (scope, key) DO NOTHING RETURNING 1
          """)
        try insert.bind(
          .text(request.scope), .text(request.key), .blob(request.fingerprint),
          .integer(answer.status),
          .text(JSONText.array(answer.headers.flatMap { [$0.name, $0.value] })),
          .blob(answer.body), .integer(now))
        let isInserted = try insert.step()
        insert.reset()
        // Another server recorded the key meanwhile (PostgreSQL): this write rolls back.
        guard isInserted else { return try recordedOutcome(of: request) ?? .keyReused }
        return .performed(answer)
      }
    } catch {
      throw writeError ?? error
    }
  }
}
