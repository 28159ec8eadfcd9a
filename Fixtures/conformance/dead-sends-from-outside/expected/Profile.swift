import Combine
import Foundation
import Observation

@Observable final class ProfileModel {
    var interests: [String] = []
    var name = ""
}

/// Sends written outside the model, each next to a set of one of its tracked properties: the
/// set tells the views that read it, so the sends are dead once ProfileModel is @Observable.
final class InterestsEditor {
    let profile: ProfileModel

    init(profile: ProfileModel) {
        self.profile = profile
    }

    func add(_ interest: String) {
        profile.interests.append(interest)
    }

    func clear() {
        self.profile.interests.removeAll()
    }

    func drop(_ interest: String) {
        profile.interests.removeAll { $0 == interest }
    }

    func rename(_ name: String) {
        profile.name = name
    }
}

/// Negative control: the change is inside a class the model holds, which no setter sees; the
/// send is the only signal, so DraftModel keeps ObservableObject.
final class Draft {
    var text = ""
}

final class DraftModel: ObservableObject {
    @Published var title = ""
    var draft = Draft()
}

final class DraftEditor {
    let model: DraftModel

    init(model: DraftModel) {
        self.model = model
    }

    func type(_ text: String) {
        model.draft.text = text
        model.objectWillChange.send()
    }
}
