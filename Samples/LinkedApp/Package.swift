// swift-tools-version: 6.1
import PackageDescription

// An app that links catalog's libraries, as any SwiftPM package would: a dependency on the root
// package and its products. An app would use `.package(url: "…/catalog.git", from: "…")`; here it
// is the checkout this sample lives in, named so that `package: "catalog"` holds whatever the
// checkout's directory is called.
let package = Package(
  name: "LinkedApp",
  dependencies: [
    .package(name: "catalog", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "LinkedApp",
      dependencies: [
        .product(name: "CatalogStore", package: "catalog"),
        .product(name: "CatalogSQLite", package: "catalog"),
        .product(name: "CatalogQuery", package: "catalog"),
        .product(name: "CatalogCollation", package: "catalog"),
      ]
    ),
    // A device's app that mirrors a served collection in Swedish and syncs (DESIGN §16).
    .executableTarget(
      name: "DeviceApp",
      dependencies: [
        .product(name: "CatalogStore", package: "catalog"),
        .product(name: "CatalogSQLite", package: "catalog"),
        .product(name: "CatalogQuery", package: "catalog"),
        .product(name: "CatalogCollation", package: "catalog"),
        .product(name: "CatalogSync", package: "catalog"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
