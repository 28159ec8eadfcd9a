import Foundation
import Observation

@Observable class BaseModel {
    var isLoading = false
}

@Observable final class ProfileModel: BaseModel {
    var name = ""
    @ObservationIgnored lazy var formatter = DateFormatter()
}
