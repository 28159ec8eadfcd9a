import Foundation
import Observation

/// State for one book's detail screen: the draft notes and the rating being edited.
@Observable final class BookDetailModel {
    let id: Book.ID
    var notes = ""
    var rating: Int = 0
    private(set) var isSaving = false

    @ObservationIgnored private lazy var draftKey = "draft-\(id.uuidString)"

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
