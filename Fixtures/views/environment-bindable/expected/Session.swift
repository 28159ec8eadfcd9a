import Foundation
import Observation

@Observable final class Session {
    var userName = ""
    var notificationsOn = true
}
