import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport

/// The library links FoundationEssentials where it can; its stand-ins for Foundation's path and
/// string helpers must answer as Foundation does (the tests link all of Foundation).
final class PortabilityTests: XCTestCase {
    // Not "a" (Foundation on Linux crashes on `deletingLastPathComponent` of it) nor "//"
    // (it answers ""): those two are checked against Darwin's answers below.
    let paths = ["/a/b/c.swift", "/a/b/", "/a//b", "/a", "/", "a/b", "", "/a/b//", "./x", "../y/z", "é/ü.swift"]

    func testPathComponentsMatchNSString() {
        XCTAssertEqual("a".lastPathComponent, "a")
        XCTAssertEqual("a".deletingLastPathComponent, "")
        XCTAssertEqual("//".lastPathComponent, "/")
        XCTAssertEqual("//".deletingLastPathComponent, "/")
        for path in paths {
            XCTAssertEqual(path.lastPathComponent, (path as NSString).lastPathComponent, "lastPathComponent of \(path.debugDescription)")
            XCTAssertEqual(path.deletingLastPathComponent, (path as NSString).deletingLastPathComponent,
                           "deletingLastPathComponent of \(path.debugDescription)")
        }
    }

    func testStringHelpersMatchFoundation() {
        let texts = ["a_b_c", "__", "", "no match", "'quote' it's", "x::y,z", "é_ü"]
        for text in texts {
            for (target, replacement) in [("_", "."), ("'", "'\\''"), (":", "%3A"), ("::", ":"), ("é", "e")] {
                XCTAssertEqual(text.replacingAll(target, with: replacement), text.replacingOccurrences(of: target, with: replacement))
            }
        }
        for text in ["  true\n", "\n\n/path/to/hooks\n", "x", "", " \t\r\n ", "\"15.0\""] {
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines))
            XCTAssertEqual(text.trimmingNewlines(), text.trimmingCharacters(in: .newlines))
            XCTAssertEqual(text.trimming { $0 == "\"" }, text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        let message = "blocked at Sources/A.swift:3:4 and Sources/A.swift:5:6"
        XCTAssertEqual(message.firstRangeOfText("Sources/A.swift:"), message.range(of: "Sources/A.swift:"))
        XCTAssertNil(message.firstRangeOfText("B.swift"))
        XCTAssertEqual(Timings.milliseconds(1.2346), "1.235")
        XCTAssertEqual(Timings.milliseconds(0.0004), "0.000")
        XCTAssertEqual(Timings.milliseconds(12.05), "12.050")
    }

    func testRuleCodesMatchInAnyCase() {
        let rule = RuleRegistry.all[0].metadata
        XCTAssertTrue(rule.codeMatches(rule.code.lowercased()))
        XCTAssertTrue(rule.codeMatches(rule.code))
        XCTAssertFalse(rule.codeMatches(rule.code + "1"))
        XCTAssertFalse(rule.codeMatches(String(rule.code.dropLast())))
        XCTAssertFalse(rule.codeMatches("0" + rule.code.dropFirst()))
    }

    func testLockAndThreads() {
        let lock = Lock()
        final class Box: @unchecked Sendable { var count = 0 }
        let box = Box()
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            startThread {
                for _ in 0..<1000 { lock.withLock { box.count += 1 } }
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(box.count, 8000)
    }
}

/// On the toolchains Package.swift links statically for (Linux, Swift 6.3), the executable that
/// plain `swift build` makes, as pre-commit's does, carries the Swift runtime and
/// FoundationEssentials: a hook then starts in half the time and holds 4-5 MiB less (README,
/// Development). A toolchain or manifest change that silently went back to shared libraries
/// fails here.
final class StaticRuntimeTests: XCTestCase {
    func testExecutableNeedsNoSwiftSharedLibraries() throws {
        #if os(Linux) && compiler(>=6.3) && compiler(<6.4)
        let binary = try HookSupport.debugBinary()
        let ldd = try HookSupport.run("ldd", [binary], cwd: "/")
        XCTAssertEqual(ldd.code, 0, ldd.all)
        XCTAssertTrue(ldd.out.contains("libc.so"), "ldd listed nothing recognisable:\n\(ldd.all)")
        for library in ["libswiftCore", "libFoundationEssentials", "libdispatch", "libswift_Concurrency"] {
            XCTAssertFalse(ldd.out.contains(library), "\(binary) links \(library) dynamically:\n\(ldd.out)")
        }
        let version = try HookSupport.run(binary, ["--version"], cwd: "/")
        XCTAssertEqual(version.code, 0, version.all)
        XCTAssertTrue(version.out.hasPrefix("obs-migrate "), version.all)
        #else
        throw XCTSkip("Package.swift links the runtime statically only on Linux with Swift 6.3")
        #endif
    }
}
