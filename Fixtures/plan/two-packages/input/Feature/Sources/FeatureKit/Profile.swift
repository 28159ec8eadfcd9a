import Combine

final class Profile: ObservableObject {
    @Published var name = ""

    func touch() {
        objectWillChange.send()
    }
}
