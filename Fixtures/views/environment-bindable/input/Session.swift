import Foundation

final class Session: ObservableObject {
    @Published var userName = ""
    @Published var notificationsOn = true
}
