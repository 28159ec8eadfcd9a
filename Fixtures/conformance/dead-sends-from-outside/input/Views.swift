import SwiftUI

struct InterestsView: View {
    @ObservedObject var profile: ProfileModel
    @State private var newInterest = ""

    var body: some View {
        VStack {
            Text(profile.name)
            ForEach(profile.interests, id: \.self) { Text($0) }
            Button("Add") { add() }
        }
    }

    private func add() {
        // A view's own send, next to the set it announces.
        profile.interests.append(newInterest)
        profile.objectWillChange.send()
        newInterest = ""
    }
}

struct DraftView: View {
    @ObservedObject var model: DraftModel

    var body: some View {
        Text(model.title + model.draft.text)
    }
}
