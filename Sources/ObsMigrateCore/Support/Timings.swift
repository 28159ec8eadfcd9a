import Foundation

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
        FileHandle.standardError.write(Data("obs-migrate: timing: \(label) \(String(format: "%.3f", seconds)) s\(peakMemory)\n".utf8))
        return result
    }

    /// A line of its own, for counts that explain a timing.
    public static func note(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("obs-migrate: timing: \(text())\n".utf8))
    }

    /// `, peak 182 MiB`: the resident high-water mark so far (Linux), to see which phase sets it.
    static var peakMemory: String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return "" }
        return ", peak \(kb / 1024) MiB"
    }
}
