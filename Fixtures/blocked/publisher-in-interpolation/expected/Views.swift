import SwiftUI

struct CounterView: View {
    @StateObject private var counter = Counter()
    @State private var badge = Badge()

    var body: some View {
        Text("count \(counter.$count) for \(badge.title)")
    }
}
