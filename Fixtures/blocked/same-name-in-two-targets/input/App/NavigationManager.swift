import UIKit

/// The iOS app's navigation: a plain class, no model. The watch app has its own
/// `NavigationManager` (another target, another module).
class NavigationManager {
    static let podcastKey = "podcast"

    func navigate(to place: String) {}
}
