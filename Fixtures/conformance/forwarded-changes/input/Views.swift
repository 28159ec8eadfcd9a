import SwiftUI

struct BrowserView: View {
    @ObservedObject var browser: BrowserManager

    var body: some View {
        Text("\(browser.tabManager.tabs.count) \(browser.peekManager.peeking ? "peek" : "") \(browser.searchManager.query)")
    }
}

struct DownloadsView: View {
    @ObservedObject var downloads: DownloadManager

    var body: some View {
        Text("\(downloads.queue.items.count)")
            .onReceive(downloads.queue.$items) { _ in }
    }
}
