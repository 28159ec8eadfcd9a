import Foundation

/// A tiny offline catalogue standing in for a web service.
struct BookAPI {
    /// Shown in the About screen. Mentions the old API on purpose:
    /// "class Library: ObservableObject" and "@Published var books" must stay as written.
    static let credits = "Built with ObservableObject and @Published; migrated to Observation."

    var catalogue: [Book] = Book.samples

    func search(_ text: String) -> [Book] {
        guard !text.isEmpty else { return [] }
        return catalogue.filter { $0.title.localizedCaseInsensitiveContains(text) }
    }
}
