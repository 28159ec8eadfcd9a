import SwiftUI

enum Feed {
    @Observable final class ViewModel {
        var posts: [String] = []
    }

    struct Filters {
        @Observable final class Model {
            var query = ""
        }
    }

    typealias Store = ViewModel
}

enum Profile {
    @Observable final class ViewModel {
        var name = ""
        static let preview = ViewModel()
    }
}
