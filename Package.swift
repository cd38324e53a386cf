// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "catalog",
  products: [
    .library(name: "CatalogCollation", targets: ["CatalogCollation"]),
    .library(name: "CatalogStore", targets: ["CatalogStore"]),
    .library(name: "CatalogQuery", targets: ["CatalogQuery"]),
    .library(name: "CatalogRecords", targets: ["CatalogRecords"]),
    .executable(name: "catalog", targets: ["catalog"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "CICU",
      linkerSettings: [
        .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
      ]
    ),
    .target(name: "CatalogCollation", dependencies: ["CICU"]),
    .executableTarget(name: "MigrationEmbedder"),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["MigrationEmbedder"],
      path: "Sources/EmbedMigrations"
    ),
    .target(
      name: "CatalogMigrations",
      path: "Migrations",
      plugins: ["EmbedMigrations"]
    ),
    .target(
      name: "CatalogStore",
      dependencies: ["CSQLite", "CatalogCollation", "CatalogMigrations"]
    ),
    .target(name: "CatalogQuery", dependencies: ["CatalogStore", "CatalogCollation"]),
    .target(name: "CatalogRecords", dependencies: ["CatalogStore", "CatalogQuery"]),
    .executableTarget(
      name: "catalog",
      dependencies: ["CatalogStore", "CatalogQuery", "CatalogCollation", "CatalogRecords"]
    ),
    .target(
      name: "CatalogTestSupport", dependencies: ["CatalogStore"], path: "Tests/CatalogTestSupport"),
    .executableTarget(
      name: "ReaderBenchmark", dependencies: ["CatalogStore"], path: "Benchmarks/ReaderBenchmark"),
    .testTarget(name: "CatalogCollationTests", dependencies: ["CatalogCollation"]),
    .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore", "CatalogTestSupport"]),
    .testTarget(
      name: "CatalogQueryTests",
      dependencies: ["CatalogQuery", "CatalogStore", "CatalogCollation", "CatalogTestSupport"]),
    .testTarget(name: "CatalogCLITests", dependencies: ["catalog", "CatalogTestSupport"]),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
