import SwiftUI

// Hosts declared inside `#Preview` bodies: their wrappers are rewritten like any view's.
#Preview("Imperative host") {
    struct Demo: View {
        @EnvironmentObject var drawer: DrawerPresenter
        var body: some View {
            Button("Present") { drawer.present() }
        }
    }
    return Demo().environmentObject(DrawerPresenter())
}

#Preview("Controller") {
    struct Demo: View {
        @StateObject private var uploads = UploadController()
        var body: some View { Text("\(uploads.uploads.count)") }
    }
    return Demo()
}

#Preview("Form") {
    struct Editor: View {
        @ObservedObject var form: FormModel
        var body: some View { TextField("Name", text: $form.name) }
    }
    return Editor(form: FormModel())
}

// A binding of an environment object in a preview's type: no local @Bindable is added there,
// so Tracker stays.
#Preview("Tracker") {
    struct Counter: View {
        @EnvironmentObject var tracker: Tracker
        var body: some View { Stepper("Count", value: $tracker.count) }
    }
    return Counter().environmentObject(Tracker())
}

// A host that makes its own wrapper in its initializer (`_session = StateObject(...)`): that
// storage goes with the wrapper, so Session stays.
#Preview("Session") {
    struct Host: View {
        @StateObject private var session: Session
        init() { _session = StateObject(wrappedValue: Session()) }
        var body: some View { Text(session.user) }
    }
    return Host()
}
