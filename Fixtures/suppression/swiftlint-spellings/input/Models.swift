import SwiftUI

final class Draft: ObservableObject {
    @Published var text = "" // obs-migrate:disable:this OBS102
}

final class Note: ObservableObject {
    // obs-migrate:disable:next published-property
    @Published var text = ""
}

final class Tag: ObservableObject {
    @Published var name = ""
    // obs-migrate:disable-previous-line obs102
}

final class Label: ObservableObject {
    @Published var name = ""
    // obs-migrate:disable:previous OBS102
}
