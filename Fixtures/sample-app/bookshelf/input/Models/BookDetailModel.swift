import Foundation

/// State for one book's detail screen: the draft notes and the rating being edited.
final class BookDetailModel: ObservableObject {
    let id: Book.ID
    @Published var notes = ""
    @Published var rating: Int = 0
    @Published private(set) var isSaving = false

    private lazy var draftKey = "draft-\(id.uuidString)"

    init(id: Book.ID) {
        self.id = id
        notes = UserDefaults.standard.string(forKey: draftKey) ?? ""
    }

    func save() {
        isSaving = true
        UserDefaults.standard.set(notes, forKey: draftKey)
        isSaving = false
    }
}
