import SwiftUI

/// Catalogue search. SearchModel still debounces with Combine, so it is an
/// ObservableObject and stays an @EnvironmentObject here.
struct SearchView: View {
    @Environment(SearchModel.self) var search
    @Environment(Library.self) var library

    var body: some View {
        @Bindable var search = search
        NavigationStack {
            List(search.results) { book in
                HStack {
                    Text(book.byline)
                    Spacer()
                    Button("Add") { library.add(book) }
                        .disabled(library.book(withID: book.id) != nil)
                }
            }
            .overlay {
                if search.isSearching {
                    ProgressView()
                }
            }
            .searchable(text: $search.query, prompt: "Title")
            .navigationTitle("Search")
        }
    }
}

#Preview("Search") {
    SearchView()
        .environment(SearchModel())
        .environment(Library(books: []))
}
