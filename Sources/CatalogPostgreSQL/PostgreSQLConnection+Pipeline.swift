internal import CLibPQ
import CatalogStore

/// What a connection sends later than asked, in fewer round trips: statements sent without
/// waiting for their answers (libpq's pipeline mode), whose answers are read with the next
/// statement that waits for one; and rows that bulk inserts hold (`CopyInsert`), sent in one COPY
/// per table before the next statement, or streamed into a COPY left open when enough of them
/// are held, whose answer is read before anything else is sent.
///
/// Both happen only inside a transaction, and fail as a part of it: a failure is thrown by the
/// next statement that waits for an answer (at the latest the commit, which then does not
/// happen), and after a failure nothing that waits is sent.
extension PostgreSQLConnection {
  /// Sends a statement in the pipeline; `send` is libpq's call that sends it. `changes`: how
  /// many rows it must change, checked when its answer is read.
  func sendWithoutWaiting(
    sql: String, expecting changes: ExpectedChanges? = nil, _ send: () -> Int32
  ) throws(CatalogError) {
    try sendHeldRows()
    if unanswered.isEmpty, pq.enterPipelineMode(handle) != 1 { throw error(nil, sql: sql) }
    guard send() == 1 else {
      let failure = error(nil, sql: sql)
      throw collectAnswers(keepingLast: false).failure ?? failure
    }
    unanswered.append((sql, changes))
  }

  /// Runs a statement whose answer is wanted and returns its result, checked: on its own
  /// (`run`), or, when statements wait in the pipeline, sent after them (`send`) in the same
  /// round trip.
  func answer(sql: String, run: () -> OpaquePointer?, send: () -> Int32) throws(CatalogError)
    -> OpaquePointer
  {
    try sendHeldRows()
    let result: OpaquePointer?
    if unanswered.isEmpty {
      result = run()
    } else {
      try sendWithoutWaiting(sql: sql, send)
      let collected = collectAnswers(keepingLast: true)
      if let failure = collected.failure { throw failure }
      result = collected.last
    }
    do {
      try check(result, sql: sql)
    } catch {
      pq.clear(result)
      throw error
    }
    return result!
  }

  /// Sends what waits and reads the answers; throws the first failure.
  func waitForAnswers() throws(CatalogError) {
    try sendHeldRows()
    if let failure = collectAnswers(keepingLast: false).failure { throw failure }
  }

  /// Reads the pipeline's answers when a statement in it must change a number of rows: a
  /// commit sent behind it would commit before its check.
  package func checkChangesSent() throws(CatalogError) {
    guard unanswered.contains(where: { $0.changes != nil }) else { return }
    try waitForAnswers()
  }

  /// The same where a failure cannot be thrown: the next statement that waits for an answer
  /// throws it.
  func settleAnswers() {
    do {
      try waitForAnswers()
    } catch {
      if unreportedFailure == nil { unreportedFailure = error }
    }
  }

  /// Holds `insert`'s rows until the next statement.
  func hold(_ insert: CopyInsert) {
    if !holders.contains(where: { $0 === insert }) { holders.append(insert) }
  }

  /// Sends the rows that bulk inserts hold: into the open COPY, which is then ended, and each
  /// other table's in a COPY of its own, after reading the answers of the statements sent before
  /// them. Throws the failure read earlier, if any.
  func sendHeldRows() throws(CatalogError) {
    try endOpenCopy()
    let sending = holders.filter(\.holdsRows)
    holders.removeAll()
    guard !sending.isEmpty else { return }
    try answerPipeline()
    for (index, insert) in sending.enumerated() {
      do {
        try insert.startCopy(streamed: false)
        try finishCopy()
      } catch {
        for rest in sending[index...] { rest.discard() }
        abandonWhatWaits()
        throw error
      }
    }
  }

  /// Sends the rows `insert` holds into its table's COPY, and leaves it open for more: started,
  /// after ending another table's and reading the answers before it, when it is not open.
  func stream(_ insert: CopyInsert) throws(CatalogError) {
    if openCopy !== insert {
      try endOpenCopy()
      try answerPipeline()
      try abandoningWhatWaitsOnFailure { () throws(CatalogError) in
        try insert.startCopy(streamed: true)
      }
    }
    try abandoningWhatWaitsOnFailure { () throws(CatalogError) in try insert.putHeldRows() }
  }

  /// Throws the failure read earlier, if any; ends the open COPY and reads its answer.
  private func endOpenCopy() throws(CatalogError) {
    try abandoningWhatWaitsOnFailure { () throws(CatalogError) in
      if let failure = unreportedFailure {
        unreportedFailure = nil
        throw failure
      }
      try finishCopy()
    }
  }

  /// Reads the answers of the statements sent without waiting, before a COPY.
  private func answerPipeline() throws(CatalogError) {
    try abandoningWhatWaitsOnFailure { () throws(CatalogError) in
      if let failure = collectAnswers(keepingLast: false).failure { throw failure }
    }
  }

  /// Runs `body`; when it fails, forgets what waits before throwing its failure.
  private func abandoningWhatWaitsOnFailure(_ body: () throws(CatalogError) -> Void)
    throws(CatalogError)
  {
    do {
      try body()
    } catch {
      abandonWhatWaits()
      throw error
    }
  }

  /// Ends the open COPY, if any (failing it on the server when `abandoning`), and reads its
  /// answer; throws the first failure.
  private func finishCopy(abandoning: Bool = false) throws(CatalogError) {
    guard let open = openCopy else { return }
    openCopy = nil
    var failure: CatalogError?
    do { try open.endCopy(abandoning: abandoning) } catch { failure = error }
    while let result = pq.getResult(handle) {
      if failure == nil {
        do { try check(result, sql: open.copy) } catch { failure = error }
      }
      pq.clear(result)
    }
    if let failure { throw failure }
  }

  /// Forgets what waits, after a failure: the rows held, the open COPY and the answer to the last
  /// one, and the answers in the pipeline.
  private func abandonWhatWaits() {
    for insert in holders { insert.discard() }
    holders.removeAll()
    _ = try? finishCopy(abandoning: true)
    _ = collectAnswers(keepingLast: false)
  }

  /// Ends the pipeline: asks for its answers, reads them, and leaves pipeline mode. Returns the
  /// last statement's result when `keepingLast` (nil when any failed) and the first failure.
  func collectAnswers(keepingLast: Bool) -> (last: OpaquePointer?, failure: CatalogError?) {
    guard !unanswered.isEmpty else { return (nil, nil) }
    let statements = unanswered
    unanswered.removeAll()
    var failure: CatalogError?
    var last: OpaquePointer?
    if pq.pipelineSync(handle) != 1 { failure = error(nil, sql: statements.last?.sql) }
    // Each statement's results end with a NULL; a statement after a failed one is answered
    // PGRES_PIPELINE_ABORTED, without running.
    for (index, (sql, changes)) in statements.enumerated() where failure == nil || connectionIsGood
    {
      while let result = pq.getResult(handle) {
        let status = pq.resultStatus(result)
        if status == PGRES_FATAL_ERROR, failure == nil { failure = error(result, sql: sql) }
        if status == PGRES_COMMAND_OK, let changes, failure == nil,
          pq.cmdTuples(result).map({ Int(String(cString: $0)) }) != changes.count
        {
          failure = changes.failure
        }
        if keepingLast, index == statements.count - 1,
          status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK
        {
          last = result
        } else {
          pq.clear(result)
        }
        guard connectionIsGood else { break }
      }
    }
    // Then the answer to the synchronization point itself.
    while connectionIsGood, let result = pq.getResult(handle) {
      let isSync = pq.resultStatus(result) == PGRES_PIPELINE_SYNC
      pq.clear(result)
      if isSync { break }
    }
    if pq.exitPipelineMode(handle) != 1, failure == nil { failure = error(nil, sql: nil) }
    if failure != nil {
      pq.clear(last)
      last = nil
    }
    return (last, failure)
  }

  private var connectionIsGood: Bool { pq.status(handle) == CONNECTION_OK }
}
