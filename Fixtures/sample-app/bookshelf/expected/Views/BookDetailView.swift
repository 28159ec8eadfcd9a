import SwiftUI

/// One book: its facts, reading status and the user's notes.
struct BookDetailView: View {
    @Environment(Library.self) var library
    @State private var model: BookDetailModel
    let bookID: Book.ID

    init(bookID: Book.ID) {
        self.bookID = bookID
        // The model is keyed by the book, so it is created here rather than inline.
        _model = State(wrappedValue: BookDetailModel(id: bookID))
    }

    var body: some View {
        Form {
            if let book = library.book(withID: bookID) {
                Section("Book") {
                    LabeledContent("Title", value: book.title)
                    LabeledContent("Author", value: book.author)
                    Picker("Status", selection: Binding(
                        get: { book.status },
                        set: { library.setStatus($0, for: bookID) }
                    )) {
                        ForEach(Book.Status.allCases, id: \.self) { status in
                            Text(status.rawValue).tag(status)
                        }
                    }
                }
            }
            Section("Notes") {
                TextEditor(text: $model.notes)
                Stepper("Rating: \(model.rating)", value: $model.rating, in: 0...5)
            }
        }
        .toolbar {
            Button("Save") { model.save() }
                .disabled(model.isSaving)
        }
    }
}

#Preview {
    NavigationStack {
        BookDetailView(bookID: Book.samples[0].id)
    }
    .environment(Library())
}
