import SwiftUI

struct PlainView: View {
    @ObservedObject var plain: Plain
    init(plain: Plain) { _plain = .init(wrappedValue: plain) }
    var body: some View { Text("\(plain.n)") }
}

struct LegacyInit: View {
    @ObservedObject var plain: Plain
    init(plain: Plain) {
        _plain = ObservedObject(initialValue: plain)
    }
    var body: some View { Text("\(plain.n)") }
}

struct EditView: View {
    @ObservedObject var item: Editable
    init(item: Editable) { _item = .init(initialValue: item) }
    var body: some View { TextField("", text: $item.text) }
}

struct OneLine: View {
    @EnvironmentObject var lib: Lib
    var body: some View { Stepper("Books", value: $lib.books) }
    func shelf() -> some View { Stepper("Shelves", value: $lib.books, step: 10)  }
}

struct Highlight: ViewModifier {
    @EnvironmentObject var editable: Editable
    func body(content: Content) -> some View {
        content.overlay(TextField("", text: $editable.text))
    }
}

#Preview {
    @Previewable @StateObject var lib = Lib()
    OneLine()
        .environmentObject(lib)
}
