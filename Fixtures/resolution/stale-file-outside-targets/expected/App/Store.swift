import SwiftUI

@Observable final class Store {
    var items: [String] = []
    var isLoading = false
}
