import SwiftUI

struct LaunchView: View {
    @State private var library = LibraryModel()
    @State private var browser = BrowserModel()
    var launch: LaunchModel
    @StateObject private var counter = Counter()
    let recorder = Recorder()

    var body: some View {
        Text("\(launch.phase) \(counter.count)")
            .onAppear { recorder.keep(counter.$count) }
    }
}
