// Positive control: a realistic Observation-era (@Observable) SwiftUI app. Must type-check.
import SwiftUI
import Observation

struct TodoItem: Identifiable, Hashable {
    let id = UUID()
    var title: String
    var isDone = false
}

@Observable
final class TodoStore {
    var items: [TodoItem] = []
    var query = "" {
        didSet { scheduleSearch() }
    }
    private(set) var filtered: [TodoItem] = []
    var isLoading = false
    var path = NavigationPath()

    @ObservationIgnored private var searchTask: Task<Void, Never>?
    @ObservationIgnored private var cache: [UUID: String] = [:]
    @ObservationIgnored @AppStorage("sortAscending") var sortAscending = true

    init(items: [TodoItem] = []) {
        self.items = items
    }

    var doneCount: Int { items.filter(\.isDone).count }

    func add(_ title: String) {
        items.append(TodoItem(title: title))
    }

    func delete(at offsets: IndexSet) {
        items.remove(atOffsets: offsets)
    }

    private func scheduleSearch() {
        searchTask?.cancel()
        searchTask = Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: 300_000_000)
            guard let self, !Task.isCancelled else { return }
            self.filtered = self.query.isEmpty ? self.items : self.items.filter { $0.title.contains(self.query) }
        }
    }

    @MainActor
    func load() async {
        isLoading = true
        defer { isLoading = false }
        try? await Task.sleep(nanoseconds: 1_000)
    }
}

@Observable
final class SettingsModel {
    var showCompleted = true
    var fontSize: Double = 14
    var reminderCount = 3
}

@Observable
final class Session {
    var userName: String?
}

@main
struct TodoApp: App {
    @State private var store = TodoStore()
    @State private var settings = SettingsModel()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(store)
                .environment(settings)
        }
    }
}

struct ContentView: View {
    @Environment(TodoStore.self) private var store
    @Environment(SettingsModel.self) private var settings
    @Environment(Session.self) private var session: Session?
    @State private var newTitle = ""
    @State private var showingSettings = false

    var body: some View {
        @Bindable var store = store
        NavigationStack(path: $store.path) {
            List {
                Section("New") {
                    HStack {
                        TextField("Title", text: $newTitle)
                        Button("Add") {
                            store.add(newTitle)
                            newTitle = ""
                        }
                        .disabled(newTitle.isEmpty)
                    }
                }
                Section {
                    ForEach($store.items) { $item in
                        Toggle(item.title, isOn: $item.isDone)
                    }
                    .onDelete(perform: store.delete)
                } header: {
                    Text("Items (\(store.items.count))")
                }
                ForEach(store.filtered) { item in
                    NavigationLink(item.title, value: item)
                }
                if let name = session?.userName {
                    Text("Signed in as \(name)")
                }
                let done = store.doneCount
                Text("Done: \(done)")
            }
            .searchable(text: $store.query)
            .navigationDestination(for: TodoItem.self) { item in
                DetailView(store: store, item: item)
            }
            .navigationTitle("Todos")
            .toolbar {
                Button {
                    showingSettings = true
                } label: {
                    Label("Settings", systemImage: "gear")
                }
            }
            .sheet(isPresented: $showingSettings) {
                SettingsView(settings: settings)
            }
            .task { await store.load() }
            .onChange(of: store.items.count) { oldValue, newValue in
                print(oldValue, newValue)
            }
        }
    }
}

struct DetailView: View {
    @Bindable var store: TodoStore
    let item: TodoItem
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            if let index = store.items.firstIndex(where: { $0.id == item.id }) {
                TextField("Title", text: $store.items[index].title)
                Toggle("Done", isOn: $store.items[index].isDone)
            }
            Button("Close") { dismiss() }
        }
        .navigationTitle(item.title)
    }
}

struct SettingsView: View {
    @Bindable var settings: SettingsModel

    var body: some View {
        Form {
            Toggle("Show completed", isOn: $settings.showCompleted)
            Slider(value: $settings.fontSize, in: 10...30)
            Stepper("Reminders: \(settings.reminderCount)", value: $settings.reminderCount, in: 0...10)
            FontSizePreview(size: Bindable(settings).fontSize)
        }
    }
}

struct FontSizePreview: View {
    @Binding var size: Double
    var body: some View {
        Text("Preview").font(.system(size: size))
    }
}

func observeCount(of store: TodoStore) {
    withObservationTracking {
        _ = store.items.count
    } onChange: {
        print("changed")
    }
}

#Preview {
    @Previewable @State var store = TodoStore(items: [TodoItem(title: "Milk")])
    ContentView()
        .environment(store)
        .environment(SettingsModel())
}
