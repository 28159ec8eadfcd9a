import SwiftUI

// A view declared inside a function (or a `#Preview` body): its wrapper is left as it is, so
// the one model it holds stays ObservableObject; the others migrate. (A `#Preview` body with a
// local type crashes the Linux compiler the oracle runs, so the fixture uses a function.)
func profilePreview() -> some View {
    let editor = ProfileEditor()

    struct ContentView: View {

        @ObservedObject
        var editor: ProfileEditor

        var body: some View {
            ProfileForm(editor: editor)
        }
    }

    return ContentView(editor: editor)
        .environmentObject(Theme())
}

func makeCounterDemo() -> some View {
    struct CounterDemo: View {
        @StateObject private var counter = Counter()
        var body: some View { Text("\(counter.value)") }
    }
    return CounterDemo()
}
