import SwiftUI

struct ModeList: View {
    var store: ModeStore

    var body: some View {
        List(store.modes) { mode in
            Text(mode.name)
        }
    }
}

struct ModeBadge: View {
    @Environment(ModeStore.self) var store

    var body: some View {
        Text(store.savedName)
    }
}

struct ShelfView: View {
    @ObservedObject var shelf: Shelf

    var body: some View {
        Text("\(shelf.items.count) items")
    }
}

struct DownloadsView: View {
    @ObservedObject var downloader: Downloader

    var body: some View {
        Text("\(downloader.files.count) files")
    }
}

struct ModesRoot: View {
    @State private var store = ModeStore()

    var body: some View {
        ModeList(store: store)
            .environment(store)
    }
}
