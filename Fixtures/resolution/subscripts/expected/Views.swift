import SwiftUI

struct Dashboard: View {
    var scheduler: Scheduler
    let shelves = Shelves()
    var body: some View {
        VStack {
            DownloadRow().environment(scheduler.downloads[0])
            ShelfRow(shelf: shelves[0])
        }
    }
}

struct DownloadRow: View {
    @Environment(Download.self) var download
    var body: some View { Text("\(download.status)") }
}

struct ShelfRow: View {
    @ObservedObject var shelf: Shelf
    var body: some View { Text(shelf.title) }
}

func logTitles(_ shelves: Shelves) {
    _ = shelves[0].$title.sink { print($0) }
}
