// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "syncsim",
    products: [
        .library(name: "SyncSimulator", targets: ["SyncSimulator"]),
        .executable(name: "syncsim", targets: ["syncsim"]),
    ],
    targets: [
        .target(name: "SyncSimulator"),
        .target(name: "SyncSimCLI", dependencies: ["SyncSimulator"]),
        .executableTarget(name: "syncsim", dependencies: ["SyncSimCLI"]),
        .testTarget(name: "SyncSimulatorTests", dependencies: ["SyncSimulator"]),
        .testTarget(name: "SyncSimCLITests", dependencies: ["SyncSimCLI", "SyncSimulator"]),
        // Uses only the public library, as a user's package would.
        .testTarget(name: "LibraryUsageTests", dependencies: ["SyncSimulator"]),
    ]
)
