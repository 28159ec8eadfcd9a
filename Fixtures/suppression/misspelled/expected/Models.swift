import SwiftUI

@Observable final class Draft {
    var text = "" // obs-migrate:disable-this OBS102
}

@Observable final class Note {
    // obs-migrate:disable-next-line OBS1O2
    var text = ""
}

@Observable final class Tag {
    // obs-migrate: disable-next-line OBS102
    var name = ""
}

final class Label: ObservableObject {
    // obs-migrate:disable-next-line OBS102 needed by the widget
    @Published var name = ""
}
