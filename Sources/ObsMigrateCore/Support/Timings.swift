#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif

/// Phase timings on standard error when `OBS_MIGRATE_TIMINGS` is set: for the benchmark and
/// for finding where a slow run spends its time. Silent (one branch) otherwise.
public enum Timings {
    public static let enabled = ProcessInfo.processInfo.environment["OBS_MIGRATE_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false

    @discardableResult
    public static func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        SystemCall.writeStandardError("obs-migrate: timing: \(label) \(milliseconds(seconds)) s\(peakMemory)\n")
        return result
    }

    /// `0.123`: seconds with three decimals.
    static func milliseconds(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A line of its own, for counts that explain a timing.
    public static func note(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        SystemCall.writeStandardError("obs-migrate: timing: \(text())\n")
    }

    /// `, peak 182 MiB`: the resident high-water mark so far (Linux), to see which phase sets it.
    static var peakMemory: String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return "" }
        return ", peak \(kb / 1024) MiB"
    }
}
