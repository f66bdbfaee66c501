// swift-tools-version:6.0
// Tonmeister: a music-theory engine and a recording-protocol engine for classical recording producers.
import PackageDescription

let package = Package(
    name: "Tonmeister",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TonmeisterSupport", targets: ["TonmeisterSupport"]),
        .library(name: "TheoryCore", targets: ["TheoryCore"]),
        .library(name: "Fretboard", targets: ["Fretboard"]),
        .library(name: "Quiz", targets: ["Quiz"]),
        .library(name: "ScoreLayout", targets: ["ScoreLayout"]),
        .library(name: "ScoreDocument", targets: ["ScoreDocument"]),
        .library(name: "RecordingProtocol", targets: ["RecordingProtocol"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "TonmeisterServer", targets: ["TonmeisterServer"]),
        .library(name: "ScoreFollowing", targets: ["ScoreFollowing"]),
        .executable(name: "tonmeister", targets: ["tonmeister"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // Shared helpers that are about no domain: ordered JSON (reading and writing), atomic file replacement, SHA-256,
        // FNV-1a, file numbers as integers. Foundation only.
        .target(name: "TonmeisterSupport"),
        .target(name: "TheoryCore"),
        .target(name: "Fretboard", dependencies: ["TheoryCore"]),
        .target(name: "Quiz", dependencies: ["TheoryCore", "Fretboard", "ScoreLayout", "TonmeisterSupport"]),
        .target(name: "ScoreLayout", dependencies: ["TonmeisterSupport"]),
        // cairo, poppler-glib, GLib, FreeType, libjpeg-turbo and libtiff, loaded on first use (Debian: libcairo2-dev,
        // libpoppler-glib-dev, libfreetype-dev, libturbojpeg0-dev, libtiff-dev).
        .target(name: "CPoppler", cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CSystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Pixel kernels with AVX2, chosen at run time (the build targets baseline x86-64).
        .target(name: "CKernels"),
        // Read-only file mappings guarded against the file being cut short while mapped (SIGBUS reads zeros).
        .target(name: "CMappedFile"),
        // Tesseract's C API, loaded on first use to read printed bar numbers on scans (Debian: libtesseract-dev,
        // tesseract-ocr-eng).
        .target(name: "CTesseract", linkerSettings: [
            .linkedLibrary("dl"),
            // lazy.c's empty tesseract::UnicharAmbigs::LoadUniversal and fontless bmfCreate, which libtesseract's own
            // calls bind to.
            .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_",
                          "-Xlinker", "--export-dynamic-symbol=bmfCreate"]),
        ]),
        .target(name: "ScoreDocument", dependencies: ["CPoppler", "CSystemZlib", "CKernels", "CMappedFile", "CTesseract", "ScoreLayout", "TonmeisterSupport"]),
        // libsndfile, libsamplerate and KissFFT, loaded on first use (Debian: libsndfile1-dev, libsamplerate0-dev, libkissfft-dev).
        .target(name: "CAudio", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "ScoreFollowing", dependencies: ["CAudio", "RecordingProtocol", "TonmeisterSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "RecordingProtocol", dependencies: ["ScoreLayout", "TheoryCore", "TonmeisterSupport"]),
        .target(name: "Storage", dependencies: [
            "RecordingProtocol", "Quiz", "TonmeisterSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(
            name: "TonmeisterServer",
            dependencies: [
                "TheoryCore", "Fretboard", "Quiz", "ScoreLayout", "ScoreDocument", "RecordingProtocol", "Storage", "CQRencode",
                "ScoreFollowing", "TonmeisterSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Web")]
        ),
        .executableTarget(name: "tonmeister", dependencies: [
            "TheoryCore", "Fretboard", "Quiz", "ScoreLayout", "ScoreDocument", "RecordingProtocol", "Storage",
            "TonmeisterServer", "ScoreFollowing", "TonmeisterSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            // Release builds (Linux): lld, relative relocations packed (DT_RELR, glibc 2.36) and only the symbols named
            // with --export-dynamic-symbol exported (the static Swift runtime's link exports all 33 000 otherwise):
            // 6 MB less resident memory in every run, docs/benchmarks.md "scans".
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                         .when(platforms: [.linux], configuration: .release)),
        ]),
        .executableTarget(
            name: "TheoryBench",
            dependencies: ["TheoryCore"],
            path: "Benchmarks/TheoryBench",
            exclude: ["music21_bench.py", "run.sh"]
        ),
        .target(name: "BenchSupport", dependencies: ["ScoreLayout"], path: "Benchmarks/BenchSupport"),
        .executableTarget(
            name: "SessionBench",
            dependencies: ["BenchSupport", "RecordingProtocol", "ScoreLayout", "Storage", "TheoryCore"],
            path: "Benchmarks/SessionBench",
            exclude: ["run.sh"]
        ),
        .executableTarget(
            name: "PlanBench",
            dependencies: ["BenchSupport", "RecordingProtocol", "ScoreLayout", "TheoryCore"],
            path: "Benchmarks/PlanBench",
            exclude: ["run.sh"]
        ),
        .executableTarget(
            name: "FretboardBench",
            dependencies: ["BenchSupport", "Fretboard", "TheoryCore"],
            path: "Benchmarks/FretboardBench",
            exclude: ["run.sh"]
        ),
        .executableTarget(
            name: "VoicingDictionaryBench",
            dependencies: ["Fretboard", "TheoryCore"],
            path: "Benchmarks/VoicingDictionaryBench",
            exclude: ["mingus_bench.py", "run.sh"]
        ),
        .executableTarget(
            name: "FollowBench",
            dependencies: ["ScoreFollowing"],
            path: "Benchmarks/FollowBench",
            exclude: ["make_corpus.py", "make_fixtures.py", "make_slow_takes.py", "make_wrong_short.py", "make_tuned_takes.py",
                      "make_reverb_takes.py", "make_asap_takes.py", "synctoolbox_bench.py", "draw_alignment.py", "run.sh"]
        ),
        .executableTarget(name: "VoicingDump", dependencies: ["Fretboard", "TheoryCore", "TonmeisterSupport"], path: "Benchmarks/VoicingDump"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TheoryCoreTests", dependencies: ["TheoryCore"], exclude: ["PeerDictionaries"]),  // read by path (#filePath)
        .testTarget(name: "ScoreFollowingTests", dependencies: ["ScoreFollowing", "RecordingProtocol", "ScoreLayout", .product(name: "ZIPFoundation", package: "ZIPFoundation")], exclude: ["Fixtures"]),
        .testTarget(name: "FretboardTests", dependencies: ["Fretboard", "TheoryCore", "TonmeisterSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "QuizTests", dependencies: ["Quiz", "TheoryCore", "Fretboard"]),
        .testTarget(name: "ScoreDocumentTests", dependencies: ["ScoreDocument", "RecordingProtocol", "TheoryCore", "TestSupport", "TonmeisterSupport"], exclude: ["Fixtures", "Corpus"]),
        .testTarget(name: "TonmeisterCLITests", dependencies: ["tonmeister", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ScoreLayoutTests", dependencies: ["ScoreLayout", "TheoryCore", "TonmeisterSupport"]),
        .testTarget(name: "RecordingProtocolTests", dependencies: ["RecordingProtocol", "TheoryCore", "TestSupport", "TonmeisterSupport"], exclude: ["Messy"]),
        .executableTarget(
            name: "session-writer",
            dependencies: ["Storage", "RecordingProtocol", "ScoreLayout"],
            path: "Tests/SessionWriter"
        ),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "session-writer"]),
        .testTarget(name: "TonmeisterServerTests", dependencies: [
            "TonmeisterServer", "RecordingProtocol", "ScoreLayout", "Storage", "tonmeister", "TestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ], exclude: ["Browser"]),
    ]
)
