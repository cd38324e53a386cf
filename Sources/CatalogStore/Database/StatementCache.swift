/// The statements a connection keeps compiled for the hot paths of writes and lookups, and finds
/// again without compiling: by the address of their SQL literal in the binary (hashing and
/// comparing the text of long statements cost a single write several percent of its time), or
/// by a name, for SQL made at run time. One per connection, for either engine.
package final class StatementCache {
  private var byLiteral: [UInt: any DatabaseStatement] = [:]
  private var byName: [String: any DatabaseStatement] = [:]

  package init() {}

  /// The statement kept for `sql`, compiled by `compile` the first time.
  package func statement(
    for sql: StaticString, compile: (String) throws(CatalogError) -> any DatabaseStatement
  ) throws(CatalogError) -> any DatabaseStatement {
    let address = UInt(bitPattern: sql.utf8Start)
    if let statement = byLiteral[address] { return statement }
    let statement = try compile(sql.description)
    byLiteral[address] = statement
    return statement
  }

  /// The statement kept under `name`; `sql` and `compile` are called only the first time.
  package func statement(
    named name: String, sql: () -> String,
    compile: (String) throws(CatalogError) -> any DatabaseStatement
  ) throws(CatalogError) -> any DatabaseStatement {
    if let statement = byName[name] { return statement }
    let statement = try compile(sql())
    byName[name] = statement
    return statement
  }

  /// Lets every kept statement go, before the connection closes.
  package func removeAll() {
    byLiteral.removeAll()
    byName.removeAll()
  }
}
