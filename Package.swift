// swift-tools-version: 6.1
import PackageDescription

// NB: every dependency is one the project's machines carry, named by its usual address and a listed version.
let package = Package(
    name: "tcnet",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tcnet", targets: ["tcnet"]),
        .library(name: "Protocol", targets: ["Protocol"]),
        .library(name: "TaxCollectionRules", targets: ["TaxCollectionRules"]),
        .library(name: "CrapsRules", targets: ["CrapsRules"]),
        .library(name: "WhichBillRules", targets: ["WhichBillRules"]),
        .library(name: "SpellingRules", targets: ["SpellingRules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ],
    targets: [
        // MARK: Libraries
        // NB: GameKit depends on no package; its one C part is SHA-256's block function with the x86 SHA
        // instructions, which GameKit uses when the processor has them (and builds without, for fuzzing).
        .target(name: "GameKit", dependencies: ["GameKitDigest"]),
        .target(name: "GameKitDigest"),
        // NB: the tournament's rules (pairing, standings, the report file) as plain values: no dependency.
        .target(name: "Tournament"),
        // NB: the host's tournament desk: the Tournament rules run on the lobby (pure, beside it).
        .target(name: "Arbiter", dependencies: ["Tournament", "Lobby", "Protocol", "GameKit"]),
        .target(name: "Protocol", dependencies: ["GameKit"]),
        .target(name: "TaxCollectionRules", dependencies: ["GameKit"]),
        .target(name: "CrapsRules", dependencies: ["GameKit"]),
        .target(name: "WhichBillRules", dependencies: ["GameKit"]),
        .target(name: "TipCalculator", dependencies: ["GameKit", "ScreenKit"]),
        .target(name: "SpellingRules", dependencies: ["GameKit"]),
        .target(name: "Lobby", dependencies: ["Protocol", "GameKit"]),
        .target(
            name: "Storage",
            dependencies: [
                "Lobby", "Protocol", "GameKit", "LogBatching", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // NB: SQLite's file system with each transaction's write-ahead log written in one system call.
        .target(name: "LogBatching", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "Peer",
            dependencies: [
                "Protocol",
                "Lobby",
                "Arbiter",
                "Storage",
                "GameKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Classroom",
            dependencies: [
                "Lobby", "Play", "ScreenKit", "GameKit", "Conformance", "TaxCollection", "Craps", "WhichBill",
                "Spelling",
            ]
        ),
        .target(name: "ScreenKit", dependencies: ["GameKit"]),
        .target(name: "Terminal", dependencies: ["ScreenKit"]),
        .target(
            name: "TaxCollection",
            dependencies: ["TaxCollectionRules", "ScreenKit", "GameKit", "Conformance", "Protocol"]
        ),
        .target(name: "QRCode"),
        .target(
            name: "Web",
            dependencies: [
                "Peer", "Lobby", "Protocol", "QRCode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["Pages"],
            plugins: ["EmbedPagesPlugin"]
        ),
        // NB: the web client's files are compiled into the executable by this plugin, so `tcnet` is one file.
        .executableTarget(name: "EmbedPages"),
        .plugin(name: "EmbedPagesPlugin", capability: .buildTool(), dependencies: ["EmbedPages"]),
        .target(
            name: "Craps",
            dependencies: ["CrapsRules", "ScreenKit", "GameKit", "Conformance", "Protocol"]
        ),
        .target(
            name: "WhichBill",
            dependencies: ["WhichBillRules", "ScreenKit", "GameKit", "Conformance", "Protocol"]
        ),
        .target(
            name: "Spelling",
            dependencies: ["SpellingRules", "ScreenKit", "GameKit", "Conformance", "Protocol"]
        ),
        .target(
            name: "Play",
            dependencies: [
                "ScreenKit", "Terminal", "Peer", "Lobby", "Protocol", "GameKit",
            ]
        ),
        .target(
            name: "Conformance",
            dependencies: ["Protocol", "GameKit"]
        ),
        .executableTarget(
            name: "tcnet",
            dependencies: [
                "Arbiter",
                "Classroom",
                "Storage",
                "GameKit",
                "ScreenKit",
                "Conformance",
                "Peer",
                "Lobby",
                "Protocol",
                "TaxCollectionRules", "CrapsRules", "TipCalculator", "WhichBillRules", "WhichBill", "SpellingRules",
                "Play", "Web", "QRCode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),

        // MARK: Tests
        .target(name: "TestScheduling", path: "Tests/TestScheduling"),
        .target(
            name: "TestSupport",
            dependencies: [
                "TestScheduling", "Protocol", "Lobby", "Peer", "Storage", "Classroom",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "TournamentTests",
            dependencies: [
                "Tournament", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ArbiterTests",
            dependencies: [
                "Arbiter", "Lobby", "Classroom", "Protocol", "Tournament", "GameKit", "TaxCollectionRules",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "GameKitTests",
            dependencies: [
                "TestScheduling", "GameKit", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "ProtocolTests", dependencies: ["Protocol", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "TaxCollectionRulesTests",
            dependencies: [
                "TaxCollectionRules", "GameKit", "TestScheduling",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CrapsRulesTests",
            dependencies: [
                "CrapsRules", "GameKit", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "WhichBillRulesTests",
            dependencies: [
                "WhichBillRules", "GameKit", "TestScheduling",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "TipCalculatorTests",
            dependencies: [
                "TipCalculator", "GameKit", "ScreenKit", "TestScheduling",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SpellingRulesTests",
            dependencies: [
                "SpellingRules", "GameKit", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LobbyTests",
            dependencies: ["Lobby", "Storage", "Classroom", "GameKit", "TaxCollectionRules", "Protocol", "TestSupport"]
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "Lobby", "Classroom", "GameKit", "Protocol", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PeerTests",
            dependencies: [
                "Peer", "Lobby", "Storage", "Classroom", "GameKit", "TaxCollectionRules", "CrapsRules", "Protocol",
                "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "TaxCollectionTests",
            dependencies: ["TaxCollection", "ScreenKit", "TaxCollectionRules", "TestScheduling"]
        ),
        .testTarget(
            name: "CrapsTests", dependencies: ["Craps", "CrapsRules", "ScreenKit", "GameKit", "TestScheduling"]
        ),
        .testTarget(
            name: "WhichBillTests",
            dependencies: [
                "WhichBill", "WhichBillRules", "ScreenKit", "GameKit", "Conformance", "Protocol", "Peer", "Lobby",
                "Classroom", "TestSupport",
            ]
        ),
        .testTarget(
            name: "SpellingTests",
            dependencies: [
                "Spelling", "SpellingRules", "ScreenKit", "GameKit", "Lobby", "Storage", "Peer", "Play", "Classroom",
                "Protocol", "Conformance", "TestSupport",
            ]
        ),
        .testTarget(
            name: "PlayTests",
            dependencies: [
                "Play", "ScreenKit", "TaxCollection", "Classroom", "Peer", "Protocol", "GameKit", "TaxCollectionRules",
                "CrapsRules", "Craps", "TestSupport",
            ]
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Conformance", "Peer", "Lobby", "Storage", "Classroom", "Protocol", "GameKit", "TaxCollectionRules",
                "TaxCollection", "CrapsRules", "Craps", "TestSupport", "Web",
            ]
        ),
        .testTarget(
            name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"], exclude: ["make-fixtures.py"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "WebTests",
            dependencies: [
                "Web", "Peer", "Lobby", "Protocol", "Conformance", "TestSupport", "TaxCollectionRules", "GameKit",
                "Classroom", "TaxCollection", "CrapsRules", "WhichBillRules",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "tcnetTests",
            dependencies: [
                "tcnet", "TestSupport", "Protocol", "GameKit", "TaxCollectionRules", "CrapsRules", "Peer", "Tournament",
                "WhichBillRules", "Conformance", "Terminal",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// NB: release builds optimise across modules, so that generic code of one module (a seat player, a mirror)
// is specialised for the game another module names; `tcnet bench net`'s seats check every state with no
// generic metadata looked up per message (docs/BENCHMARKS.md, issue 14's twenty-first round). Debug builds,
// and with them `swift test`, are as before.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}

// NB: a release build of the command carries Swift's runtime and Foundation inside it (`-static-stdlib`, when
// it is compiled, for the libraries it names, and when it is linked): its calls into the runtime (hundreds of
// retains and releases a move) are direct calls instead of calls through a shared library's tables, about 6 %
// of the host's CPU a move (docs/BENCHMARKS.md, issue 14's forty-fourth round), and the binary needs no Swift
// on the machine it runs on. Debug builds, and with them `swift run` and `swift test`, link as before.
for target in package.targets where target.type == .executable && target.name == "tcnet" {
    let staticRuntime: [String] = ["-static-stdlib"]
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(staticRuntime, .when(configuration: .release))]
    target.linkerSettings =
        (target.linkerSettings ?? []) + [.unsafeFlags(staticRuntime, .when(configuration: .release))]
}
