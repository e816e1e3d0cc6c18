// swift-tools-version:6.1
// SnapLayout: UIKit's compositional layout and scroll snapping as a C-ABI library.
//
// `swift build` / `swift test` build the sources normally (with the Swift runtime) for testing.
// The shipped library, build/libsnaplayout.so, is built by the Makefile from the same sources
// in Embedded Swift mode (see docs/ARCHITECTURE.md).
import PackageDescription

let package = Package(
  name: "SnapLayout",
  products: [
    .library(name: "SnapLayout", targets: ["SnapLayout"])
  ],
  targets: [
    // The public C header, imported so that every @implementation @_cdecl export is checked
    // against its prototype.
    .systemLibrary(name: "CSnapLayout", path: "include"),
    // json-c, used by the Config module only.
    .systemLibrary(
      name: "CJSONC", path: "Sources/CJSONC", pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"])]),
    // Per-thread error storage and the allocator of the C ABI (one C translation unit).
    .target(name: "CSnapLayoutSupport"),
    // Model and engine: pure Swift, imports nothing.
    .target(name: "SnapLayoutCore"),
    // JSON configuration → model, with errors that carry JSON Pointers.
    .target(name: "SnapLayoutConfig", dependencies: ["SnapLayoutCore", "CJSONC"]),
    // The thin C ABI.
    .target(
      name: "SnapLayout",
      dependencies: ["SnapLayoutCore", "SnapLayoutConfig", "CSnapLayout", "CSnapLayoutSupport"]),
    .testTarget(name: "SnapLayoutCoreTests", dependencies: ["SnapLayoutCore"]),
    .testTarget(
      name: "SnapLayoutConfigTests", dependencies: ["SnapLayoutConfig", "SnapLayoutCore", "CJSONC"]),
    .testTarget(
      name: "SnapLayoutABITests",
      dependencies: ["SnapLayout", "CSnapLayout"],
      exclude: []),
  ]
)
