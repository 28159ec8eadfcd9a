import SwiftUI

struct LibraryView: View {
    @ObservedObject var library: Library

    var body: some View {
        Text("\(library.shown.title) of \(library.count)")
    }
}
