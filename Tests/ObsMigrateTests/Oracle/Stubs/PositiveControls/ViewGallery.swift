// Positive control: a grab-bag of common SwiftUI idioms from tutorials (both eras). Must type-check.
import SwiftUI

struct Item: Identifiable, Hashable {
    let id = UUID()
    var name: String
    var price: Double = 0
    var isFavorite = false
}

enum Sort: String, CaseIterable, Identifiable {
    case name, price
    var id: Self { self }
}

@MainActor
final class LegacyViewModel: ObservableObject {
    @Published var items: [Item] = [Item(name: "A"), Item(name: "B")]
    @Published var selected: Item?
    @Published var sort: Sort = .name
    @Published var amount = 0.0
    @Published var date = Date()
    @Published var path: [Item] = []

    func load() async {}
}

@MainActor @Observable
final class CatalogModel {
    var items: [Item] = []
    var selected: Item?
    var query = ""
    var path: [Item] = []
    func load() async {}
}

final class Theme {
    var tint: Color = .orange
}

private struct ThemeKey: EnvironmentKey {
    static let defaultValue = Theme()
}

extension EnvironmentValues {
    var theme: Theme {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

struct CardModifier: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding()
            .background(.ultraThinMaterial)
            .clipShape(RoundedRectangle(cornerRadius: 12))
    }
}

extension View {
    func card() -> some View { modifier(CardModifier()) }
}

struct PressStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .scaleEffect(configuration.isPressed ? 0.95 : 1)
            .opacity(configuration.isPressed ? 0.8 : 1)
    }
}

struct LegacyGallery: View {
    @StateObject private var vm: LegacyViewModel
    @ObservedObject var other = LegacyViewModel()
    @State private var showAlert = false
    @State private var showDialog = false
    @State private var tab = 0
    @State private var optionalCount: Int?
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.theme) private var theme
    @Environment(\.openURL) private var openURL

    init() {
        _vm = StateObject(wrappedValue: LegacyViewModel())
    }

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack(path: $vm.path) {
                List(selection: $vm.selected) {
                    ForEach($vm.items) { $item in
                        HStack {
                            TextField("Name", text: $item.name)
                            Toggle("Fav", isOn: $item.isFavorite).labelsHidden()
                        }
                        .tag(item)
                    }
                    .onDelete { offsets in vm.items.remove(atOffsets: offsets) }
                    ForEach(vm.items, id: \.id) { item in
                        NavigationLink(value: item) {
                            Text(item.name)
                        }
                        .swipeActions {
                            Button(role: .destructive) {
                                vm.items.removeAll { $0.id == item.id }
                            } label: {
                                Label("Delete", systemImage: "trash")
                            }
                        }
                    }
                    ForEach(0..<3) { index in
                        Text("Row \(index)")
                    }
                    Picker("Sort", selection: $vm.sort) {
                        ForEach(Sort.allCases) { sort in
                            Text(sort.rawValue).tag(sort)
                        }
                    }
                    TextField("Amount", value: $vm.amount, format: .number)
                    DatePicker("Date", selection: $vm.date, displayedComponents: .date)
                    Text(vm.amount, format: .number)
                    Text("Sort: \(vm.sort)")
                    ProgressView(value: 0.5)
                    if colorScheme == .dark {
                        Text("Dark")
                    }
                    #if os(iOS)
                    Text("iOS")
                    #endif
                }
                .navigationDestination(for: Item.self) { item in
                    Text(item.name)
                }
                .toolbar {
                    ToolbarItemGroup(placement: .primaryAction) {
                        Menu("Sort") {
                            Button("Name") { vm.sort = .name }
                            Button("Price") { vm.sort = .price }
                        }
                        Button("Alert") { showAlert = true }
                    }
                }
                .alert("Title", isPresented: $showAlert) {
                    Button("OK", role: .cancel) {}
                } message: {
                    Text("Message")
                }
                .confirmationDialog("Pick", isPresented: $showDialog) {
                    Button("One") {}
                }
                .sheet(item: $vm.selected) { item in
                    Text(item.name)
                }
                .task(id: vm.sort) { await vm.load() }
                .onChange(of: vm.sort) {
                    print("changed")
                }
            }
            .tabItem { Label("List", systemImage: "list.bullet") }
            .tag(0)

            ScrollView {
                LazyVStack(alignment: .leading, spacing: 4) {
                    GeometryReader { geo in
                        Text("Width \(geo.size.width)")
                    }
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
                        ForEach(vm.items) { item in
                            Text(item.name).card()
                        }
                    }
                    Button("Open") {
                        openURL(URL(string: "https://example.com")!)
                        Task { await vm.load() }
                    }
                    .buttonStyle(PressStyle())
                    Button("Bordered") {}.buttonStyle(.borderedProminent)
                    Group {
                        if let optionalCount {
                            Text("\(optionalCount)")
                        } else {
                            EmptyView()
                        }
                    }
                    ContentUnavailableView("Nothing", systemImage: "tray")
                    LabeledContent("Name", value: "Value")
                    AnyView(Text("erased"))
                    Circle().fill(theme.tint).frame(width: 20, height: 20)
                    Text("Bold").bold().foregroundColor(.red) + Text(" normal")
                }
            }
            .onReceive(NotificationCenter.default.publisher(for: Notification.Name("x"))) { _ in }
            .tabItem { Label("Grid", systemImage: "square.grid.2x2") }
            .tag(1)
        }
        .environment(\.colorScheme, .dark)
        .environment(\.theme, Theme())
        .preferredColorScheme(.dark)
    }

    @ViewBuilder
    private func badge(for item: Item) -> some View {
        if item.isFavorite {
            Image(systemName: "star.fill").foregroundStyle(.yellow)
        } else {
            EmptyView()
        }
    }
}

struct ModernGallery: View {
    @State private var model = CatalogModel()
    @State private var isOn = false

    var body: some View {
        NavigationSplitView {
            List(model.items, selection: $model.selected) { item in
                Text(item.name)
            }
        } detail: {
            if let selected = model.selected {
                ItemEditor(item: selected, isOn: $isOn)
            } else {
                Text("Select an item")
            }
        }
        .searchable(text: $model.query, prompt: "Search")
        .task { await model.load() }
        .onChange(of: model.query, initial: true) { old, new in print(old, new) }
        .environment(model)
    }
}

struct ItemEditor: View {
    let item: Item
    @Binding var isOn: Bool
    @Environment(CatalogModel.self) private var model
    @State private var price = 1.0

    var body: some View {
        @Bindable var model = model
        Form {
            Toggle("On", isOn: $isOn)
            TextField("Query", text: $model.query)
            Slider(value: $price, in: 0...10, step: 0.5)
            Stepper(value: $price, in: 0...10) {
                Text("Price \(price, specifier: "%.1f")")
            }
            Text(item.name)
        }
    }
}

#Preview {
    ItemEditor(item: Item(name: "x"), isOn: .constant(true))
        .environment(CatalogModel())
}
