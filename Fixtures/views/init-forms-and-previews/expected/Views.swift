import SwiftUI

struct PlainView: View {
    var plain: Plain
    init(plain: Plain) { self.plain = plain }
    var body: some View { Text("\(plain.n)") }
}

struct LegacyInit: View {
    var plain: Plain
    init(plain: Plain) {
        self.plain = plain
    }
    var body: some View { Text("\(plain.n)") }
}

struct EditView: View {
    @Bindable var item: Editable
    init(item: Editable) { _item = .init(wrappedValue: item) }
    var body: some View { TextField("", text: $item.text) }
}

struct OneLine: View {
    @Environment(Lib.self) var lib
    var body: some View {
        @Bindable var lib = lib
        Stepper("Books", value: $lib.books)
    }
    func shelf() -> some View {
        @Bindable var lib = lib
        return Stepper("Shelves", value: $lib.books, step: 10)
    }
}

struct Highlight: ViewModifier {
    @Environment(Editable.self) var editable
    func body(content: Content) -> some View {
        @Bindable var editable = editable
        content.overlay(TextField("", text: $editable.text))
    }
}

#Preview {
    @Previewable @State var lib = Lib()
    OneLine()
        .environment(lib)
}
