import CatalogLocations
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

// MARK: - What names which engine

@Test(arguments: ["/var/lib/catalog/places.db", "places.db", "data/places.db", "./catalog.db"])
func aPathNamesAnSQLiteFile(path: String) throws {
  let address = CatalogAddress(path)
  #expect(address == .sqliteFile(path: path))
  #expect(address.filePath == path)
  #expect(!address.isPostgreSQL)
  #expect(try address.location().description == path)
}

@Test(arguments: [
  (
    "postgresql://app:s3cret@db.example/places?schema=shop",
    "postgresql://app:***@db.example/places?schema=shop"
  ),
  ("postgres://app:s3cret@/places", "postgres://app:***@/places"),
  ("postgresql:///places?host=/run/postgresql", "postgresql:///places?host=/run/postgresql"),
])
func aURINamesACatalogOnPostgreSQL(uri: String, shown: String) throws {
  let address = CatalogAddress(uri)
  #expect(address == .postgreSQL(uri: uri))
  #expect(address.filePath == nil)
  #expect(address.isPostgreSQL)
  // Only PostgreSQL's locations hide the password.
  #expect(try address.location().description == shown)
}

@Test(arguments: ["postgresql:/places", "POSTGRESQL://db.example/places", "mysql://db.example/x"])
func whatIsNotAPostgreSQLURIIsAPath(text: String) {
  #expect(CatalogAddress(text) == .sqliteFile(path: text))
}

@Test func aURIThatPostgreSQLRefusesIsAnErrorWhenItIsOpened() {
  let address = CatalogAddress("postgresql:///places?schema=")
  #expect(address == .postgreSQL(uri: "postgresql:///places?schema="))
  let error = #expect(throws: CatalogError.self) { try address.location() }
  guard case .invalidRequest = error else {
    Issue.record("expected invalidRequest, got \(String(describing: error))")
    return
  }
}

// MARK: - --db, $CATALOG_DB and the default

@Test func theOptionComesFirst() {
  let environment = ["CATALOG_DB": "postgresql:///places"]
  #expect(
    CatalogAddress(option: "mine.db", environment: environment) == .sqliteFile(path: "mine.db"))
  #expect(
    CatalogAddress(option: "postgres:///other", environment: ["CATALOG_DB": "mine.db"])
      == .postgreSQL(uri: "postgres:///other"))
}

@Test func theEnvironmentVariableNamesTheCatalogWithoutTheOption() {
  #expect(
    CatalogAddress(option: nil, environment: ["CATALOG_DB": "postgresql:///places"])
      == .postgreSQL(uri: "postgresql:///places"))
  #expect(
    CatalogAddress(option: nil, environment: ["CATALOG_DB": "/srv/places.db"])
      == .sqliteFile(path: "/srv/places.db"))
}

@Test(arguments: [[:], ["CATALOG_DB": ""], ["CATALOG_DATABASE": "other.db"]])
func withNeitherTheCatalogIsCatalogDotDBHere(environment: [String: String]) {
  #expect(
    CatalogAddress(option: nil, environment: environment) == .sqliteFile(path: "./catalog.db"))
}

// MARK: - Opening

@Test func aFilesLocationOpensAnSQLiteFileThere() throws {
  let directory = try TemporaryDirectory()
  let path = directory.path("new.db")
  _ = try Catalog(at: CatalogAddress(path).location(), creating: true)
  let header = try FileHandle(forReadingFrom: URL(filePath: path)).read(upToCount: 16)
  #expect(header == Data("SQLite format 3\0".utf8))
}
