import CatalogCollation
import CatalogQuery
import CatalogSQLite
import CatalogStore
import CatalogSync
import Foundation

/// A device's app that keeps a Swedish mirror of a collection of a running `catalog serve`
/// (DESIGN §16): it lists it in Swedish (Å Ä Ö after Z, whatever the server's locale), edits it
/// while the server is away, and syncs when it is back. It links SQLite's engine and CatalogSync,
/// never libpq nor the server.
///
///     DeviceApp mirror URL DEVICE.db    copy the collection, in Swedish
///     DeviceApp edit DEVICE.db          three edits, offline: they show at once and are queued
///     DeviceApp sync DEVICE.db          up and down; then what is left (conflicts, rejections)
///
/// The token, if the server needs one, is read from $CATALOG_TOKEN.
@main
struct DeviceApp {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    guard let command = arguments.first, let path = arguments.last, arguments.count >= 2 else {
      print("usage: DeviceApp mirror URL DEVICE.db | edit DEVICE.db | sync DEVICE.db")
      exit(64)
    }
    let catalog = try Catalog(path: path, creating: command == "mirror")
    let mirror = CatalogMirror(
      catalog: catalog, token: ProcessInfo.processInfo.environment["CATALOG_TOKEN"])
    switch command {
    case "mirror":
      let step = try mirror.mirror(
        Array(arguments)[1], as: "people",
        settings: MirrorSettings(locale: try CollationLocale("sv")))
      print(step.summary)
      try show(catalog)
    case "edit":
      // Offline: each write applies at once and is queued in the same transaction.
      try catalog.update(.key("Erik Ågren"), in: "people", setting: ["city": "Kiruna"])
      try catalog.add(
        [
          "name": "Örjan Öst", "first_name": "Örjan", "last_name": "Öst",
          "phone": "+46 70 123 45 99", "city": "Luleå",
        ], to: "people")
      try catalog.remove([.key("Anna Andersson")], from: "people")
      let pending = try catalog.mirrorWrites(of: "people")
      print("edited offline: \(pending.count) writes queued (\(pending.map(\.kind.rawValue)))")
      try show(catalog)
    case "sync":
      let step = try mirror.sync("people")
      print(step.summary)
      let status = try mirror.status("people")
      print(
        "reached version \(status.source.reached), \(status.source.pending) pending, "
          + "\(status.conflicts.count) conflicts, \(status.rejected.count) rejected")
      try show(catalog)
    default:
      print("unknown command '\(command)'")
      exit(64)
    }
  }

  /// The list's sections in Swedish, each with its first names.
  static func show(_ catalog: Catalog) throws {
    let list = try IndexedList(catalog: catalog, collection: "people", grouping: .letters)
    let sections = try list.sections()
    var line: [String] = []
    while let section = try sections.next() {
      let items = try list.items(in: section).collect().map(\.title)
      line.append("\(section.heading): \(items.joined(separator: ", "))")
    }
    print(line.joined(separator: "\n"))
  }
}
