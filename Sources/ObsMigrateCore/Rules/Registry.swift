/// Every rule, in code order. The one list: `rules`, `explain`, `rules.md`, checks and tests read it.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        ObservableObjectConformance(),
        PublishedProperty(),
        ObservationIgnoredNeeded(),
        StateObjectProperty(),
        StateObjectInit(),
        ObservedObjectProperty(),
        ObservedObjectInit(),
        EnvironmentObjectProperty(),
        EnvironmentObjectModifier(),
        ObjectWillChangeUse(),
        PublishedPublisherUse(),
        ProtocolRefinesObservableObject(),
        ObservableObjectGenericConstraint(),
        MixedObservation(),
        ObservableNonClass(),
        ObservedObjectDefaultValue(),
        DeploymentTargetTooLow(),
        StateDefaultValueSideEffects(),
        IgnoredStorageLosesTracking(),
        MainActorStateDefaultValue(),
        ObservationTrackingCandidate(),
        LibraryInjectedObject(),
        FocusedObject(),
        InvalidSuppression(),
        SuperfluousSuppression(),
    ]

    /// A rule by code (`OBS104`) or name (`state-object`), case-insensitively.
    public static func rule(_ key: String) -> (any Rule)? {
        all.first { $0.metadata.codeMatches(key) || $0.metadata.name == key.lowercased() }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
