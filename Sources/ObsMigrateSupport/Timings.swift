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
        let startCPU = cpuSeconds
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = cpuSeconds - startCPU
        SystemCall.writeStandardError("obs-migrate: timing: \(label) \(milliseconds(seconds)) s, cpu \(milliseconds(cpu)) s\(peakMemory)\n")
        return result
    }

    /// A phase timed from its start to `end()` (the first call), for a phase that is not one
    /// closure (a loop left early).
    public final class Span {
        let label: String
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = Timings.enabled ? Timings.cpuSeconds : 0
        var ended = false

        public init(_ label: String) { self.label = label }

        public func end() {
            guard Timings.enabled, !ended else { return }
            ended = true
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            SystemCall.writeStandardError("obs-migrate: timing: \(label) \(milliseconds(seconds)) s, cpu \(milliseconds(Timings.cpuSeconds - startCPU)) s\n")
        }
    }

    /// User and system time of the whole process so far: against the wall time of a phase,
    /// how well it uses the cores.
    static var cpuSeconds: Double {
        #if os(Linux)
        let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)  // Glibc imports it as an enum
        #else
        let RUSAGE_SELF_WHO = RUSAGE_SELF
        #endif
        var usage = rusage()
        guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
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

    /// `, resident 150 MiB, peak 182 MiB`: resident memory now and its high-water mark so far
    /// (Linux), to see which phase sets the peak and what a phase leaves behind.
    static var peakMemory: String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "" }
        func mebibytes(_ field: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
                  let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
            return kb / 1024
        }
        guard let now = mebibytes("VmRSS:"), let peak = mebibytes("VmHWM:") else { return "" }
        return ", resident \(now) MiB, peak \(peak) MiB"
    }
}
