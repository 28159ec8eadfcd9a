#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateCLI

// The executable only hands the arguments to the library and exits with its status.
exit(CommandLineTool.runAsProcess(Array(CommandLine.arguments.dropFirst())))
