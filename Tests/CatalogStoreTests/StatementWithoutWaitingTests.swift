import CatalogStore
import CatalogTestSupport
import Testing

/// What an engine may send later than asked: a statement run with
/// `DatabaseStatement.runWithoutWaiting()`, which PostgreSQL sends with the next one that waits for
/// an answer, and the rows of a bulk insert, which PostgreSQL holds until the next statement. A
/// failure among them fails the transaction as if it had been waited for, on both engines.
struct StatementWithoutWaitingTests {
  /// A catalog's connection with a table of its own whose ids must be unique.
  func probe(_ engine: TestEngine) throws -> (TestCatalog, any DatabaseConnection) {
    let test = try TestCatalog(engine: engine)
    let connection = test.catalog.connection
    try connection.execute("CREATE TABLE probe (id integer PRIMARY KEY, note text)")
    return (test, connection)
  }

  func insert(_ id: Int, on connection: any DatabaseConnection) throws(CatalogError) {
    try connection.cached("INSERT INTO probe (id) VALUES (?)").bind(.integer(id))
      .runWithoutWaiting()
  }

  /// The id 1 inserted twice: the second insert's failure, whichever statement reports it.
  func isTheDuplicate(_ error: any Error) -> Bool {
    guard case .database(_, let failure) = error as? CatalogError else { return false }
    return failure.sql == "INSERT INTO probe (id) VALUES (?)"
  }

  @Test(arguments: TestEngine.all) func aFailedStatementRollsBackItsTransactionAtTheCommit(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insert(1, on: connection)
        try insert(1, on: connection)
        try insert(2, on: connection)
      }
    } throws: { isTheDuplicate($0) }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    #expect(!connection.isInTransaction)
    // The connection goes on: the next transaction commits.
    try connection.transaction { () throws(CatalogError) in try insert(3, on: connection) }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 1)
  }

  @Test(arguments: TestEngine.all) func theNextStatementThatWaitsReportsTheFailure(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    var countAfterTheFailure: Int?
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insert(1, on: connection)
        try insert(1, on: connection)
        countAfterTheFailure = try connection.cached("SELECT count(*) FROM probe").bind()
          .stepInteger()
      }
    } throws: { isTheDuplicate($0) }
    #expect(countAfterTheFailure == nil)
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
  }

  /// A write that must change one row and changes none (the list's damage it stands for) fails
  /// its transaction with the failure it was given, and one that changes one goes through.
  @Test(arguments: TestEngine.all) func aWriteThatChangesOtherRowsThanExpectedFails(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    let expected = CatalogError.damagedList(listID: 7, reason: "no such row")
    func delete(_ id: Int) throws(CatalogError) {
      try connection.cached("DELETE FROM probe WHERE id = ?").bind(.integer(id))
        .runWithoutWaiting(changing: 1, otherwise: expected)
    }
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insert(1, on: connection)
        try insert(2, on: connection)
        try delete(1)
        try delete(3)
        try insert(4, on: connection)
      }
    } throws: { error in
      guard case .damagedList(7, "no such row") = error as? CatalogError else { return false }
      return true
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    // The next statement that waits reports it, before anything reads what followed.
    var countAfterTheFailure: Int?
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insert(5, on: connection)
        try delete(6)
        countAfterTheFailure = try connection.cached("SELECT count(*) FROM probe").bind()
          .stepInteger()
      }
    } throws: { error in
      guard case .damagedList(7, "no such row") = error as? CatalogError else { return false }
      return true
    }
    #expect(countAfterTheFailure == nil)
    try connection.transaction { () throws(CatalogError) in
      try insert(1, on: connection)
      try delete(1)
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
  }

  @Test(arguments: TestEngine.all) func aStatementThatWaitsSeesTheWritesSentBeforeIt(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    let counted = try connection.transaction { () throws(CatalogError) in
      for id in 1...5 { try insert(id, on: connection) }
      return try connection.cached("SELECT count(*) FROM probe").bind().stepInteger()
    }
    #expect(counted == 5)
    #expect(try connection.integer("SELECT count(*) FROM probe") == 5)
  }

  /// Inserts `ids` in bulk, each row with a note of 200 bytes.
  func insertInBulk(_ ids: ClosedRange<Int>, on connection: any DatabaseConnection)
    throws(CatalogError)
  {
    let ids = Array(ids)
    let note = String(repeating: "n", count: 200)
    try connection.makeBulkInsert(into: "probe", columns: ["id", "note"]).insert(
      count: ids.count
    ) { binder, row, position in
      binder.bind(ids[row], at: position)
      binder.bind(note, at: position + 1)
    }
  }

  @Test(arguments: TestEngine.all) func rowsInsertedInBulkAreThereForTheNextStatement(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    let counted = try connection.transaction { () throws(CatalogError) in
      try insertInBulk(1...10, on: connection)
      try insertInBulk(11...20, on: connection)
      return try connection.cached("SELECT count(*) FROM probe WHERE id <= 20").bind()
        .stepInteger()
    }
    #expect(counted == 20)
    #expect(try connection.integer("SELECT sum(id) FROM probe") == 210)
  }

  @Test(arguments: TestEngine.all) func aBulkInsertThatFailsFailsItsTransaction(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insertInBulk(1...10, on: connection)
        try insertInBulk(5...14, on: connection)
        try insert(100, on: connection)
      }
    } throws: { error in
      guard case .database = error as? CatalogError else { return false }
      return true
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    try connection.transaction { () throws(CatalogError) in try insertInBulk(1...10, on: connection)
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 10)
  }

  /// A few rows, which PostgreSQL holds until the next statement, and more than it holds (a quarter
  /// megabyte; these are 5.3 megabytes), which it streams into a COPY left open until then, handed
  /// to libpq by a thread of its own.
  static let rowCounts = [10, manyRows]
  static let manyRows = 25_000

  @Test(arguments: TestEngine.all, rowCounts)
  func rowsInsertedInBulkBeforeAnErrorAreRolledBack(engine: TestEngine, rows: Int) throws {
    let (_, connection) = try probe(engine)
    #expect(throws: CatalogError.interrupted) {
      try connection.transaction { () throws(CatalogError) in
        try insertInBulk(1...rows, on: connection)
        throw .interrupted
      }
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    #expect(!connection.isInTransaction)
  }

  @Test(arguments: TestEngine.all) func manyRowsInsertedInBulkAreThereForTheNextStatement(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    let many = Self.manyRows
    let counted = try connection.transaction { () throws(CatalogError) in
      try insertInBulk(1...many, on: connection)
      try insertInBulk((many + 1)...(2 * many), on: connection)
      try insert(2 * many + 1, on: connection)
      return try connection.cached("SELECT count(*) FROM probe").bind().stepInteger()
    }
    #expect(counted == 2 * many + 1)
    #expect(try connection.integer("SELECT max(id) FROM probe") == 2 * many + 1)
  }

  @Test(arguments: TestEngine.all) func manyRowsThatFailInBulkFailTheirTransaction(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    let many = Self.manyRows
    // The second insert's rows clash on the server with the first's (on PostgreSQL both go into
    // one open COPY) while the third's are being made; then a statement sent without waiting,
    // and one that waits.
    #expect {
      try connection.transaction { () throws(CatalogError) in
        try insertInBulk(1...many, on: connection)
        try insertInBulk((many / 2)...(many + many / 2), on: connection)
        try insertInBulk((2 * many)...(3 * many), on: connection)
        try insert(4 * many, on: connection)
        _ = try connection.cached("SELECT count(*) FROM probe").bind().stepInteger()
      }
    } throws: { error in
      // The failure is the COPY's own, not that of a statement refused after it.
      guard case .database(_, let failure) = error as? CatalogError else { return false }
      return failure.engineName == "PostgreSQL"
        ? failure.code == "23505" && failure.sql?.hasPrefix("COPY") == true
        : failure.message.contains("UNIQUE constraint failed")
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    #expect(!connection.isInTransaction)
    try connection.transaction { () throws(CatalogError) in
      try insertInBulk(1...many, on: connection)
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == many)
  }

  @Test(arguments: TestEngine.all) func aFailedOpenCopyIsRolledBackWithItsTransaction(
    engine: TestEngine
  ) throws {
    let (_, connection) = try probe(engine)
    // The second insert's rows clash with the first's in the COPY still open when the
    // transaction ends on PostgreSQL (SQLite's insert fails at once).
    #expect(throws: CatalogError.self) {
      try connection.transaction { () throws(CatalogError) in
        try insertInBulk(1...Self.manyRows, on: connection)
        try insertInBulk(1...Self.manyRows, on: connection)
        throw .interrupted
      }
    }
    #expect(try connection.integer("SELECT count(*) FROM probe") == 0)
    #expect(!connection.isInTransaction)
    try insertInBulk(1...3, on: connection)
    #expect(try connection.integer("SELECT count(*) FROM probe") == 3)
  }

  @Test(arguments: TestEngine.all) func rowsInsertedInBulkOutsideATransactionAreThereAtOnce(
    engine: TestEngine
  ) throws {
    let (test, connection) = try probe(engine)
    try insertInBulk(1...10, on: connection)
    try insertInBulk(11...13, on: connection)
    #expect(!connection.isInTransaction)
    // Another connection sees them: they were sent and committed.
    #expect(try test.reopen().rows("SELECT count(*) FROM probe") == ["13"])
  }
}
