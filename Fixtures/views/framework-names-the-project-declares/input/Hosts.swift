/// The app's own `Environment` (API hosts): `@Environment(Session.self)` would name it, so the
/// fix writes `@SwiftUI.Environment`.
enum Environment: String {
    case production, staging
    static var current: Environment = .production
}
