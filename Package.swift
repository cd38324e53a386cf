// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "catalog",
  products: [
    .library(name: "CatalogCollation", targets: ["CatalogCollation"]),
    .library(name: "CatalogStore", targets: ["CatalogStore"]),
    .library(name: "CatalogSQLite", targets: ["CatalogSQLite"]),
    .library(name: "CatalogPostgreSQL", targets: ["CatalogPostgreSQL"]),
    .library(name: "CatalogQuery", targets: ["CatalogQuery"]),
    .library(name: "CatalogRecords", targets: ["CatalogRecords"]),
    .library(name: "CatalogTokens", targets: ["CatalogTokens"]),
    .library(name: "CatalogServer", targets: ["CatalogServer"]),
    .library(name: "CatalogSync", targets: ["CatalogSync"]),
    .executable(name: "catalog", targets: ["catalog"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libpq is loaded when first used (see Sources/CLibPQ/include/CLibPQ.h); its header is
    // Debian's libpq-dev's.
    .target(name: "CLibPQ"),
    // OpenSSL's libcrypto is loaded when a token is first hashed (see
    // Sources/CCrypto/include/CCrypto.h); its header is Debian's libssl-dev's.
    .target(name: "CCrypto"),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    .target(
      name: "CICU",
      linkerSettings: [
        .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
      ]
    ),
    .target(name: "CatalogCollation", dependencies: ["CICU"]),
    .target(name: "EmbedderSupport"),
    .executableTarget(name: "MigrationEmbedder", dependencies: ["EmbedderSupport"]),
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
    .target(name: "CatalogStore", dependencies: ["CatalogCollation", "CatalogMigrations"]),
    .target(
      name: "CatalogSQLite", dependencies: ["CSQLite", "CatalogStore", "CatalogMigrations"]),
    .target(
      name: "CatalogPostgreSQL", dependencies: ["CLibPQ", "CatalogStore", "CatalogMigrations"]),
    // The one place that tells a PostgreSQL URI from an SQLite path (--db, $CATALOG_DB, the
    // benchmarks' arguments); it links both engines, so it is kept out of CatalogStore and
    // CatalogSQLite, for apps that link only SQLite.
    .target(
      name: "CatalogLocations",
      dependencies: ["CatalogStore", "CatalogSQLite", "CatalogPostgreSQL"]),
    .target(name: "CatalogQuery", dependencies: ["CatalogStore", "CatalogCollation"]),
    .target(name: "CatalogRecords", dependencies: ["CatalogStore", "CatalogQuery"]),
    .target(name: "CatalogTokens", dependencies: ["CCrypto", "CatalogStore"]),
    // A device's mirror of a server collection (DESIGN §16) over Foundation's URLSession: it links
    // no engine (the app picks one), neither libpq nor the server.
    .target(name: "CatalogSync", dependencies: ["CatalogStore", "CatalogCollation"]),
    .executableTarget(name: "AssetEmbedder", dependencies: ["EmbedderSupport"]),
    .plugin(
      name: "EmbedAssets",
      capability: .buildTool(),
      dependencies: ["AssetEmbedder"],
      path: "Sources/EmbedAssets"
    ),
    .target(name: "CatalogWebAssets", plugins: ["EmbedAssets"]),
    // The command-line parser, in swift-argument-parser's image (which cannot be fetched here):
    // declarations, parsing, help; it knows nothing of catalog's commands.
    .target(name: "CommandLineArguments"),
    .target(
      name: "CatalogServer",
      dependencies: [
        "CMicroHTTPD", "CCrypto", "CatalogStore", "CatalogQuery", "CatalogCollation",
        "CatalogRecords", "CatalogTokens", "CatalogWebAssets",
      ]
    ),
    .executableTarget(
      name: "catalog",
      dependencies: [
        "CatalogStore", "CatalogSQLite", "CatalogPostgreSQL", "CatalogQuery", "CatalogCollation",
        "CatalogRecords", "CatalogTokens", "CatalogServer", "CatalogLocations",
        "CommandLineArguments", "CatalogSync",
      ]
    ),
    .target(
      name: "CatalogTestSupport", dependencies: ["CatalogStore", "CatalogSQLite", "CatalogPostgreSQL"],
      path: "Tests/CatalogTestSupport"),
    .executableTarget(
      name: "ReaderBenchmark", dependencies: ["CatalogStore", "CatalogSQLite"],
      path: "Benchmarks/ReaderBenchmark"),
    .executableTarget(
      name: "WriteBenchmark", dependencies: ["CatalogStore", "CatalogLocations"],
      path: "Benchmarks/WriteBenchmark"),
    .executableTarget(
      name: "SearchKeyBenchmark", dependencies: ["CatalogCollation"],
      path: "Benchmarks/SearchKeyBenchmark"),
    .executableTarget(
      name: "SearchBenchmark",
      dependencies: ["CatalogQuery", "CatalogStore", "CatalogLocations"],
      path: "Benchmarks/SearchBenchmark"),
    .testTarget(name: "CatalogCollationTests", dependencies: ["CatalogCollation"]),
    .testTarget(
      name: "CatalogStoreTests",
      dependencies: ["CatalogStore", "CatalogSQLite", "CatalogPostgreSQL", "CatalogTestSupport"]),
    .testTarget(
      name: "CatalogQueryTests",
      dependencies: [
        "CatalogQuery", "CatalogStore", "CatalogSQLite", "CatalogCollation", "CatalogTestSupport",
      ]),
    .testTarget(
      name: "CatalogTokensTests",
      dependencies: ["CatalogTokens", "CatalogStore", "CatalogTestSupport"]),
    .testTarget(
      name: "CatalogCLITests",
      dependencies: ["catalog", "CommandLineArguments", "CatalogTestSupport"]),
    .testTarget(name: "CommandLineArgumentsTests", dependencies: ["CommandLineArguments"]),
    .testTarget(
      name: "CatalogLocationsTests",
      dependencies: ["CatalogLocations", "CatalogStore", "CatalogTestSupport"]),
    .testTarget(
      name: "CatalogServerTests",
      dependencies: [
        "CatalogServer", "CatalogStore", "CatalogSQLite", "CatalogTokens", "catalog",
        "CatalogTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
