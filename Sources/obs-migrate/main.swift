#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateCore
import ObsMigrateSupport

// The executable only hands the arguments to the library and exits with its status.
TemporaryFiles.removeOnInterrupt()  // first, before any thread starts
ProcessLifetime.keepsResultsUntilExit = true
let status = Timings.measure("total") { CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard) }
StandardOutput.shared.flush()
exit(status)
