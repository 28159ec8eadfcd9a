import SwiftUI

struct Disclosure: View {
    var group: Grouped
    @State private var keyed = Keyed()

    var body: some View {
        Text(group.isOpen ? keyed.name : "")
    }
}
