import SwiftUI

final class Draft: ObservableObject {
    @Published var text = "" // obs-migrate:disable-this OBS102
}

final class Note: ObservableObject {
    // obs-migrate:disable-next-line OBS1O2
    @Published var text = ""
}

final class Tag: ObservableObject {
    // obs-migrate: disable-next-line OBS102
    @Published var name = ""
}

final class Label: ObservableObject {
    // obs-migrate:disable-next-line OBS102 needed by the widget
    @Published var name = ""
}
