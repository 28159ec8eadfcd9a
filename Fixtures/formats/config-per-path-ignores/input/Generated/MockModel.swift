import Foundation

/// Generated; excluded by .obs-migrate.json, so it is neither read nor reported nor rewritten.
final class MockModel: ObservableObject {
    @Published var x = 0
}
