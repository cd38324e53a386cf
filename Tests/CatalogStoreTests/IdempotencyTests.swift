import CatalogTestSupport
import Testing

@testable import CatalogStore

/// A write sent again with its key (HTTP `Idempotency-Key`, DESIGN §16) gets its first answer and
/// writes nothing, on both engines.
struct IdempotencyTests {
  @Test(arguments: TestEngine.all)
  func aRequestSentAgainGetsTheFirstAnswerAndWritesNothing(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let catalog = test.catalog
    try test.importCSV("id,name\na,Ada\n", collection: "people", key: "id")  // 1
    func digest(_ body: String) -> [UInt8] { Array(body.utf8.prefix(32)) }
    func add(_ key: String, _ fields: [String: String], status: Int = 201) throws
      -> IdempotentOutcome
    {
      try catalog.performOnce(
        IdempotencyKey(scope: "app", key: key), fingerprint: { digest(fields.description) }
      ) {
        let (item, summary) = try catalog.add(fields, to: "people")
        return RecordedAnswer(
          status: status, headers: [.init(name: "Location", value: "/items/\(item)")],
          body: Array(summary.jsonText.utf8))
      }
    }
    #expect(try !catalog.isRecorded(IdempotencyKey(scope: "app", key: "k1")))
    let first = try add("k1", ["id": "b"])
    #expect(try catalog.isRecorded(IdempotencyKey(scope: "app", key: "k1")))
    let answer = RecordedAnswer(
      status: 201, headers: [.init(name: "Location", value: "/items/1")],
      body: Array(#"{"version":2,"added":[1],"updated":[],"removed":[]}"#.utf8))
    #expect(first == .performed(answer))
    #expect(try add("k1", ["id": "b"]) == .replayed(answer))
    #expect(try catalog.version() == 2)
    // The same key with another request: refused, nothing written.
    #expect(try add("k1", ["id": "c"]) == .keyReused)
    #expect(try catalog.version() == 2)
    // Another sender's key of the same name is its own.
    #expect(
      try catalog.performOnce(
        IdempotencyKey(scope: "other", key: "k1"), fingerprint: { digest(["id": "b"].description) }
      ) {
        RecordedAnswer(status: 200, headers: [], body: [])
      } == .performed(RecordedAnswer(status: 200, headers: [], body: [])))
    // A write that fails keeps no key: sent again, it runs again.
    #expect(throws: CatalogError.duplicateKey("b", collection: "people", item: 1)) {
      try add("k2", ["id": "b"])
    }
    #expect(
      try catalog.recordedOutcome(
        of: IdempotencyKey(scope: "app", key: "k2"), fingerprint: digest(["id": "b"].description))
        == nil)
    #expect(try test.rows("SELECT count(*) FROM idempotency_keys WHERE key = 'k2'") == ["0"])
    // A write that changes nothing keeps its key all the same.
    let unchanged = try catalog.performOnce(
      IdempotencyKey(scope: "app", key: "k3"), fingerprint: { digest("") }
    ) {
      let summary = try catalog.update(.key("a"), in: "people", setting: ["name": "Ada"])
      return RecordedAnswer(status: 200, headers: [], body: Array(summary.jsonText.utf8))
    }
    #expect(
      try catalog.recordedOutcome(
        of: IdempotencyKey(scope: "app", key: "k3"), fingerprint: digest(""))
        == .replayed(unchanged.answer!))
    // Keys older than a day go as writes go.
    _ = try test.rows("UPDATE idempotency_keys SET created_at = 1 WHERE key = 'k1'")
    _ = try add("k4", ["id": "d"])
    #expect(
      try catalog.recordedOutcome(
        of: IdempotencyKey(scope: "app", key: "k1"), fingerprint: digest(["id": "b"].description))
        == nil)
    #expect(try catalog.version() == 3)
  }
}

extension IdempotentOutcome {
  fileprivate var answer: RecordedAnswer? {
    switch self {
    case .performed(let answer), .replayed(let answer): return answer
    case .keyReused: return nil
    }
  }
}
