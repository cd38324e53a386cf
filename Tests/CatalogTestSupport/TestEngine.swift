import CatalogPostgreSQL
import CatalogSQLite
import CatalogStore

/// The engines the behavioural suites run on, from the same test code (DESIGN §14): a test takes
/// one as its argument (`@Test(arguments: TestEngine.all)`).
public enum TestEngine: String, Sendable, CustomStringConvertible {
  case sqlite
  case postgreSQL

  /// SQLite, and PostgreSQL where the test server could start (`PostgreSQLTestServer`).
  public static var all: [TestEngine] {
    PostgreSQLTestServer.shared == nil ? [.sqlite] : [.sqlite, .postgreSQL]
  }

  /// PostgreSQL alone, where the test server could start: for what only PostgreSQL does.
  public static var postgreSQLOnly: [TestEngine] {
    PostgreSQLTestServer.shared == nil ? [] : [.postgreSQL]
  }

  public var description: String { rawValue }

  /// A new, empty catalog's place: a file in `directory`, or a schema of its own on the test
  /// server.
  public func newLocation(in directory: TemporaryDirectory, name: String = "test.db") -> String {
    switch self {
    case .sqlite: return directory.path(name)
    case .postgreSQL: return PostgreSQLTestServer.shared!.newCatalogURI()
    }
  }

  /// The catalog location for `place` (a path or a URI).
  public func location(_ place: String) throws -> CatalogLocation {
    switch self {
    case .sqlite: return .sqlite(path: place)
    case .postgreSQL: return try .postgreSQL(uri: place)
    }
  }
}
