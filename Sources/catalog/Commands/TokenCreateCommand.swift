import CatalogStore
import CatalogTokens
import CommandLineArguments

/// `catalog token create NAME [--write] [-c NAME]…`: makes a token and prints its secret, once.
struct TokenCreateCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "create",
    abstract: "Create a token and print its secret.",
    discussion: """
      Prints the secret on standard output; it is not shown again. Without --write the token \
      only reads; without -c it may use every collection.
      """
  )

  @Argument("name", help: "The token's name, for 'token list' and 'token revoke'.")
  var name: String

  @Flag("write", help: "Let the token add, update, remove and import items too.")
  var canWrite: Bool

  @Option(
    "collection", short: "c", value: "name",
    help: "A collection the token may use; may be repeated (default: every collection).")
  var collections: [String]

  func run(_ context: CommandContext) throws {
    let catalog = try context.openCatalog(creating: false)
    let known = Set(try catalog.collections().map(\.name))
    let secret = try catalog.createToken(
      named: name, canWrite: canWrite, collections: collections.isEmpty ? nil : collections)
    try context.output.line(secret.text)
    let scope =
      collections.isEmpty
      ? "every collection" : "the collections " + collections.joined(separator: ", ")
    StandardError.line(
      "created token '\(name)': it \(canWrite ? "reads and writes" : "reads") \(scope); its "
        + "secret is shown only this once")
    for collection in collections where !known.contains(collection) {
      StandardError.line("note: the catalog has no collection '\(collection)' yet")
    }
  }
}
