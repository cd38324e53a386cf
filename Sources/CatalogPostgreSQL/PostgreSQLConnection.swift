internal import CLibPQ
import CatalogStore
import Foundation

/// One connection to a PostgreSQL server through libpq, its search path set to the catalog's
/// schema; owned by one thread or task at a time.
///
/// Statements are sent with the extended protocol: parameters apart from the SQL (never spliced
/// into it), results in binary. A statement from `cached` is prepared on the server once per
/// connection; one from `prepare` is parsed with each run; one from `cursor` is read through a
/// server-side cursor a batch at a time.
package final class PostgreSQLConnection: DatabaseConnection {
  let handle: OpaquePointer
  /// The catalog's URI: its schema, and its place in messages.
  let uri: PostgreSQLURI
  /// Where the connection goes, for messages.
  let endpoint: PostgreSQLEndpoint
  package private(set) var changes = 0
  package let statementCache = StatementCache()
  /// Numbers for the names of prepared statements and cursors, unique on the connection.
  private var nextName = 0
  /// The column types of tables that bulk inserts write, by table and columns.
  private var bulkColumnTypes: [String: [UInt32]] = [:]
  /// How many rows a statement sent without waiting must change, and the failure when it
  /// changes another number.
  typealias ExpectedChanges = (count: Int, failure: CatalogError)
  /// The statements sent in pipeline mode whose answers are not read yet (`runWithoutWaiting`),
  /// in the order they were sent: their SQL, and what they must change.
  var unanswered: [(sql: String, changes: ExpectedChanges?)] = []
  /// The failure of one of those, read where it could not be thrown (closing a cursor): the next
  /// statement that waits for an answer throws it.
  var unreportedFailure: CatalogError?
  /// The bulk inserts that hold rows to send before the connection's next statement.
  var holders: [CopyInsert] = []
  /// The bulk insert whose COPY is open, taking more rows until the next statement or another
  /// table's COPY (`stream`).
  var openCopy: CopyInsert?

  /// Connects to the server the URI names, as libpq defaults what it does not name.
  ///
  /// - Throws: `CatalogError.cannotOpen` naming the server and why (it cannot be reached, the
  ///   login is refused, the database does not exist).
  init(uri: PostgreSQLURI) throws(CatalogError) {
    try LibPQ.load(for: uri.description)
    // libpq takes the URI as the database name to expand; the parameters before it are
    // defaults that the URI may override.
    let keywords = ["application_name", "connect_timeout", "dbname"]
    let values = ["catalog", "10", uri.connectionURI]
    let handle = Self.withCStrings(keywords) { keywords in
      Self.withCStrings(values) { values in pq.connectdbParams(keywords, values, 1) }
    }
    guard let handle else {
      throw .cannotOpen(path: uri.description, problem: .other)
    }
    let endpoint = PostgreSQLEndpoint(handle: handle, uri: uri)
    guard pq.status(handle) == CONNECTION_OK else {
      let message = (pq.errorMessage(handle).map { String(cString: $0) } ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
      pq.finish(handle)
      throw endpoint.connectionError(message: message)
    }
    self.handle = handle
    self.uri = uri
    self.endpoint = endpoint
    // Notices (such as "schema … already exists, skipping") are not the user's business.
    _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit {
    statementCache.removeAll()
    pq.finish(handle)
  }

  /// What differs about PostgreSQL: each statement waited for is a round trip, writers of
  /// different collections run at once, and a shared catalog is rekeyed only when asked.
  ///
  /// A write transaction plans its statements once per connection (generic plans), not at every
  /// run with its values: a write's statements are lookups and short ranges by their tables' keys,
  /// whose plans do not depend on the values, and planning a lookup by a byte-string key read and
  /// decompressed the key column's statistics each time. Reads keep plans made for their values
  /// (a search's range of keys is narrow or wide by its text).
  static let traits = EngineTraits(
    blobType: "bytea", beginWrite: "BEGIN",
    writeSetting: "SET LOCAL plan_cache_mode = force_generic_plan", temporarySchema: "pg_temp",
    groupsBareColumns: true, waitingCostsARoundTrip: true, locksWholeCatalogToWrite: false,
    rebuildsStaleKeysOnOpen: false, isAFile: false)

  package var traits: EngineTraits { Self.traits }

  package var isInTransaction: Bool {
    // Statements sent without waiting and rows held are only inside a transaction (or begin it).
    guard unanswered.isEmpty && holders.isEmpty && openCopy == nil else { return true }
    let status = pq.transactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
  }

  // MARK: - Statements

  /// Runs one or more statements that return no rows, with the simple protocol.
  /// It runs even when what was sent before it without waiting failed, whose failure it throws
  /// then: a `ROLLBACK` after a failed write must still end the transaction.
  package func execute(_ sql: String) throws(CatalogError) {
    var earlier: CatalogError?
    do { try waitForAnswers() } catch { earlier = error }
    let result = pq.exec(handle, sql)
    defer { pq.clear(result) }
    if let earlier { throw earlier }
    try check(result, sql: sql)
  }

  package func prepare(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    PostgreSQLStatement(connection: self, sql: sql, mode: .parsedEachRun)
  }

  package func cursor(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    PostgreSQLStatement(connection: self, sql: sql, mode: .cursor)
  }

  /// A statement prepared on the server under a name of its own.
  package func compileToKeep(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    try waitForAnswers()
    let name = uniqueName("s")
    let translated = PostgreSQLStatement.translatingParameters(sql)
    let result = pq.prepare(handle, name, translated.sql, 0, nil)
    defer { pq.clear(result) }
    try check(result, sql: sql)
    return PostgreSQLStatement(
      connection: self, sql: sql, mode: .prepared(name: name))
  }

  package func makeBulkInsert(into table: String, columns: [String]) throws(CatalogError)
    -> any BulkInsert
  {
    let key = table + "(" + columns.joined(separator: ",") + ")"
    if bulkColumnTypes[key] == nil {
      try waitForAnswers()
      let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(table) LIMIT 0"
      let result = pq.execParams(handle, sql, 0, nil, nil, nil, nil, 1)
      defer { pq.clear(result) }
      try check(result, sql: sql)
      bulkColumnTypes[key] = (0..<Int32(columns.count)).map { pq.ftype(result, $0) }
    }
    return CopyInsert(
      connection: self, table: table, columns: columns, types: bulkColumnTypes[key]!)
  }

  /// A name for a statement or cursor, unique on this connection.
  func uniqueName(_ prefix: String) -> String {
    nextName += 1
    return "\(prefix)\(nextName)"
  }

  // MARK: - Results

  /// Checks that `result` succeeded, recording how many rows it changed; throws its error.
  func check(_ result: OpaquePointer?, sql: String?) throws(CatalogError) {
    let status = result.map { pq.resultStatus($0) } ?? PGRES_FATAL_ERROR
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN
    else { throw error(result, sql: sql) }
    if let result, let tuples = pq.cmdTuples(result) {
      changes = Int(String(cString: tuples)) ?? changes
    }
  }

  /// The typed error for a failed result (or none, when libpq could not even make one).
  func error(_ result: OpaquePointer?, sql: String?) -> CatalogError {
    let state = result.flatMap { clibpq_sqlstate([pq], $0) }.map { String(cString: $0) } ?? ""
    let message =
      (result.flatMap { clibpq_primary_message([pq], $0) }.map { String(cString: $0) }
      ?? pq.errorMessage(handle).map { String(cString: $0) } ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let failure = PostgreSQLFailure(sqlState: state, message: message, sql: sql)
    let lost =
      pq.status(handle) != CONNECTION_OK || (state.isEmpty && Self.saysConnectionLost(message))
    return failure.error(
      at: endpoint.location, connectionIsBad: lost, serverIsStandby: isOnHotStandby)
  }

  /// Whether the server said it is a hot standby, as PostgreSQL 14 and later report
  /// (`in_hot_standby`, sent again when it changes, as on a promotion): no round trip.
  var isOnHotStandby: Bool {
    pq.parameterStatus(handle, "in_hot_standby").map { String(cString: $0) } == "on"
  }

  /// Whether a message libpq made itself (it carries no SQLSTATE) says the connection is gone.
  /// A failed write to the socket (inside COPY, say) leaves the connection's status good until
  /// libpq next reads, so the status alone does not tell.
  private static func saysConnectionLost(_ message: String) -> Bool {
    let phrases = [
      "server closed the connection", "no connection to the server", "could not send data",
      "could not receive data", "connection to server was lost",
    ]
    return phrases.contains { message.contains($0) }
  }

  // MARK: - Notifications

  /// Reads what the server sent without waiting; whether a notification was among it.
  func consumeNotifications() throws(CatalogError) -> Bool {
    guard pq.consumeInput(handle) == 1 else { throw error(nil, sql: nil) }
    var any = false
    while let notification = pq.notifies(handle) {
      any = true
      pq.freemem(notification)
    }
    return any
  }

  /// Waits up to `milliseconds` for the server to send something.
  func waitForInput(milliseconds: Int32) {
    _ = clibpq_wait_readable(pq.socket(handle), milliseconds)
  }

  // MARK: - C strings

  /// Calls `body` with a NULL-terminated array of C strings.
  static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
