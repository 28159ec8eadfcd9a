import SwiftUI

struct Disclosure: View {
    @ObservedObject var group: Grouped
    @StateObject private var keyed = Keyed()

    var body: some View {
        Text(group.isOpen ? keyed.name : "")
    }
}
