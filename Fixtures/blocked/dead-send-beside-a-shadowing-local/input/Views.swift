import SwiftUI

struct FeedView: View {
    @ObservedObject var feed: Feed
    @ObservedObject var journal: Journal
    @ObservedObject var tally: Tally
    @ObservedObject var ledger: Ledger
    @ObservedObject var counter: Counter

    var body: some View {
        Text("\(feed.items.count) \(journal.items.count) \(tally.title) \(ledger.total) \(counter.count)")
    }
}
