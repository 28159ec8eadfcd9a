import SwiftUI

struct LibraryView: View {
    var library: Library

    var body: some View {
        Text("\(library.shown.title) of \(library.count)")
    }
}
