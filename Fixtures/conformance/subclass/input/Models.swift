import Foundation

class BaseModel: ObservableObject {
    @Published var isLoading = false
}

final class ProfileModel: BaseModel {
    @Published var name = ""
    lazy var formatter = DateFormatter()
}
