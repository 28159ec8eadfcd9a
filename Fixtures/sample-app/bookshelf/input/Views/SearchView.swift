import SwiftUI

/// Catalogue search. SearchModel still debounces with Combine, so it is an
/// ObservableObject and stays an @EnvironmentObject here.
struct SearchView: View {
    @EnvironmentObject var search: SearchModel
    @EnvironmentObject var library: Library

    var body: some View {
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
        .environmentObject(SearchModel())
        .environmentObject(Library(books: []))
}
