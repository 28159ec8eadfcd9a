import SwiftUI

enum Feed {
    final class ViewModel: ObservableObject {
        @Published var posts: [String] = []
    }

    struct Filters {
        final class Model: ObservableObject {
            @Published var query = ""
        }
    }

    typealias Store = ViewModel
}

enum Profile {
    final class ViewModel: ObservableObject {
        @Published var name = ""
        static let preview = ViewModel()
    }
}
