import Combine
import Foundation

final class ReaderStore: ObservableObject {
    @Published var title = ""
}

final class DocumentList: ObservableObject {
    struct Document: Identifiable {
        let id: UUID
        let store: ReaderStore
    }

    @Published private(set) var documents: [Document] = []
    @Published private(set) var titles: [UUID: String] = [:]
    private var subscriptions: [UUID: AnyCancellable] = [:]

    func add(_ store: ReaderStore) {
        documents.append(Document(id: UUID(), store: store))
        observeDocuments()
    }

    private func observeDocuments() {
        // The loop's `where` clause is not part of the sequence the element comes from.
        for document in documents where subscriptions[document.id] == nil {
            subscriptions[document.id] = document.store.objectWillChange
                .sink { [weak self] _ in
                    self?.titles[document.id] = document.store.title
                }
        }
    }
}

final class Sidebar: ObservableObject {
    @Published var isCollapsed = false
}
