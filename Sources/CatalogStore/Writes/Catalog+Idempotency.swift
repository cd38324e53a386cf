import Foundation

extension Catalog {
  /// How long the answer to a request sent with a key is kept, at least, in seconds: a day.
  public static let keptIdempotencySeconds = 86_400

  /// Whether an answer is kept for `key`: a request sent with it is a replay, or a misuse.
  public func isRecorded(_ key: IdempotencyKey) throws(CatalogError) -> Bool {
    let statement = try connection.cached(
      "SELECT 1 FROM idempotency_keys WHERE scope = ? AND key = ?")
    try statement.bind(.text(key.scope), .text(key.key))
    defer { statement.reset() }
    return try statement.step()
  }

  /// What was recorded for `key`: `.replayed` with the first answer when it came with the same
  /// request (whose SHA-256 is `fingerprint`), `.keyReused` when with another, nil when it was
  /// never used (or its answer is no longer kept).
  public func recordedOutcome(of key: IdempotencyKey, fingerprint: [UInt8]) throws(CatalogError)
    -> IdempotentOutcome?
  {
    try record(of: key).map { $0.fingerprint == fingerprint ? .replayed($0.answer) : .keyReused }
  }

  /// The digest of the request first sent with `key` and its answer, if they are kept.
  private func record(of key: IdempotencyKey) throws(CatalogError)
    -> (fingerprint: [UInt8], answer: RecordedAnswer)?
  {
    let statement = try connection.cached(
      """
      SELECT request_sha256, status, headers, body FROM idempotency_keys
      WHERE scope = ? AND key = ?
      """)
    try statement.bind(.text(key.scope), .text(key.key))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let names = statement.stringArray(at: 2)
    return (
      statement.blob(at: 0),
      RecordedAnswer(
        status: statement.int(at: 1),
        headers: stride(from: 0, to: names.count - 1, by: 2).map {
          RecordedAnswer.Header(name: names[$0], value: names[$0 + 1])
        },
        body: statement.blob(at: 3))
    )
  }

  /// Runs `write`, whose answer it keeps with `key` in the same transaction, unless the key was
  /// used before: then nothing is written, and the outcome is the first answer (for the same
  /// request, whose SHA-256 is `fingerprint`) or `.keyReused` (for another). So a write whose
  /// answer was lost and that is sent again is applied once, on every server of a shared
  /// catalog; a write that fails keeps no key, and a write that changes nothing keeps its key all
  /// the same. Answers older than `keptIdempotencySeconds` are pruned as writes go.
  ///
  /// `write` runs inside this transaction: its own writes (`write(to:_:)`, `importCollection`)
  /// are part of it. `fingerprint` is asked for once `write` has run, or instead of running it
  /// when the key was used before: a request whose body the write itself reads (a CSV upload)
  /// knows its digest only then.
  ///
  /// - Throws: what `write` or `fingerprint` throws, after rolling back; `CatalogError.busy` and
  ///   the like.
  public func performOnce(
    _ key: IdempotencyKey, fingerprint: () throws -> [UInt8],
    _ write: () throws -> RecordedAnswer
  ) throws -> IdempotentOutcome {
    var otherError: (any Error)?
    /// Runs `body`, passing its errors other than the catalog's out of the transaction.
    func passing<T>(_ body: () throws -> T) throws(CatalogError) -> T {
      do {
        return try body()
      } catch let error as CatalogError {
        throw error
      } catch {
        otherError = error
        throw .interrupted
      }
    }
    do {
      return try connection.transaction(
        committing: { if case .performed = $0 { true } else { false } }
      ) { () throws(CatalogError) -> IdempotentOutcome in
        if let recorded = try record(of: key) {
          return try passing(fingerprint) == recorded.fingerprint
            ? .replayed(recorded.answer) : .keyReused
        }
        let answer = try passing(write)
        let digest = try passing(fingerprint)
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
          .text(key.scope), .text(key.key), .blob(digest), .integer(answer.status),
          .text(JSONText.array(answer.headers.flatMap { [$0.name, $0.value] })),
          .blob(answer.body), .integer(now))
        let isInserted = try insert.step()
        insert.reset()
        // Another server recorded the key meanwhile (PostgreSQL): this write rolls back.
        guard isInserted else {
          return try recordedOutcome(of: key, fingerprint: digest) ?? .keyReused
        }
        return .performed(answer)
      }
    } catch {
      throw otherError ?? error
    }
  }
}
