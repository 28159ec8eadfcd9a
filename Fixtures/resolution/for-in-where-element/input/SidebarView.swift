import SwiftUI

struct SidebarView: View {
    @StateObject private var sidebar = Sidebar()
    @ObservedObject var list: DocumentList

    var body: some View {
        VStack {
            Toggle("Collapsed", isOn: $sidebar.isCollapsed)
            Text("\(list.documents.count) documents")
        }
    }
}
