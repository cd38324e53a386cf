import CatalogServer
import CatalogStore
import CatalogTestSupport
import CatalogTokens
import Foundation
import Testing

/// Writes over HTTP on each engine (DESIGN §14, §15): tokens kept in the catalog, items written
/// through the library, and each item's version as its `ETag`, on SQLite and on PostgreSQL alike.
struct EngineWriteTests {
  @Test(arguments: TestEngine.all)
  func itemsAreWrittenAndTheirETagsFollowOnEitherEngine(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name\na,Ada\nb,Bo\n", collection: "people", key: "id")  // version 1
    let writer = try test.catalog.createToken(named: "w", canWrite: true, collections: nil).text
    let server = try CatalogServer(catalog: engine.location(test.place), port: 0)
    let connection = try KeepAliveConnection(port: server.port)
    func send(_ method: String, _ target: String, _ body: String = "", ifMatch: String? = nil)
      throws -> RawHTTPClient.Response
    {
      var headers = ["Authorization": "Bearer \(writer)"]
      headers["Content-Type"] = method == "PUT" ? "text/csv" : "application/json"
      headers["If-Match"] = ifMatch
      return try connection.send(
        method, "/api/collections/people/items" + target, headers: headers, body: Array(body.utf8))
    }
    #expect(try send("GET", "/b").headers["etag"] == "\"1\"")
    let added = try send("POST", "", #"{"id":"c","name":"Cy"}"#)
    #expect(added.status == 201)
    #expect(added.body == #"{"version":2,"added":[2],"updated":[],"removed":[]}"# + "\n")
    #expect(added.headers["location"] == "/api/collections/people/items/c")
    #expect(try send("GET", "/c").headers["etag"] == "\"2\"")
    let patched = try send("PATCH", "/b", #"{"name":"Bob"}"#, ifMatch: "\"1\"")
    #expect(patched.headers["etag"] == "\"3\"")
    #expect(try send("PATCH", "/b", #"{"name":"Bo"}"#, ifMatch: "\"1\"").status == 412)
    let upserted = try send("PUT", "?mode=upsert", "id,name\na,Ann\nd,Di\n")
    #expect(upserted.body == #"{"version":4,"added":[3],"updated":[0],"removed":[]}"# + "\n")
    #expect(
      try send("GET", "/a").body
        == #"{"item":0,"key":"a","version":4,"fields":{"id":"a","name":"Ann"}}"# + "\n")
    #expect(try send("GET", "/b").headers["etag"] == "\"3\"")
    #expect(try send("DELETE", "/c", ifMatch: "\"2\"").status == 200)
    #expect(try test.catalog.version() == 5)
    let people = try test.catalog.item(.key("d"), in: "people")
    #expect(people.version == 4)
  }
}
