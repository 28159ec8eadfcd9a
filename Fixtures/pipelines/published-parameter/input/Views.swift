import SwiftUI

struct LaunchView: View {
    @StateObject private var library = LibraryModel()
    @StateObject private var browser = BrowserModel()
    @ObservedObject var launch: LaunchModel
    @StateObject private var counter = Counter()
    let recorder = Recorder()

    var body: some View {
        Text("\(launch.phase) \(counter.count)")
            .onAppear { recorder.keep(counter.$count) }
    }
}
