// Stand-in for Apple's Core Data, used only by the compile oracle (OracleTests): what makes a
// managed object an ObservableObject. `@NSManaged` needs the Objective-C runtime, so fixtures
// declare attributes as plain properties. Build with: swiftc -emit-module -parse-as-library
// -swift-version 5 -module-name CoreData -I <Combine's module folder> CoreData.swift
import Combine

/// Core Data's base class: an ObservableObject whose attributes publish through
/// `objectWillChange` (never through Observation).
open class NSManagedObject: ObservableObject {
    public init() {}
}
