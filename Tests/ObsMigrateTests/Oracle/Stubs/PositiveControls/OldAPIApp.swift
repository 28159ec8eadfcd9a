// Positive control: a realistic Combine-era (ObservableObject) SwiftUI app. Must type-check.
import SwiftUI
import Combine

struct TodoItem: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var isDone: Bool = false
    var priority: Priority = .normal

    enum Priority: String, CaseIterable, Identifiable, Codable {
        case low, normal, high
        var id: String { rawValue }
    }
}

final class TodoStore: ObservableObject {
    @Published var items: [TodoItem] = []
    @Published var query = ""
    @Published private(set) var filtered: [TodoItem] = []
    @Published var isLoading = false
    @Published var lastError: String?
    @Published var selection: TodoItem?

    private var cancellables = Set<AnyCancellable>()
    private let saveSubject = PassthroughSubject<Void, Never>()
    let counter = CurrentValueSubject<Int, Never>(0)

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .map { $0.lowercased() }
            .combineLatest($items)
            .map { query, items in
                query.isEmpty ? items : items.filter { $0.title.lowercased().contains(query) }
            }
            .receive(on: DispatchQueue.main)
            .assign(to: &$filtered)

        saveSubject
            .debounce(for: 0.5, scheduler: DispatchQueue.main)
            .sink { [weak self] in self?.save() }
            .store(in: &cancellables)

        $items
            .map(\.count)
            .sink(receiveValue: { [weak self] count in self?.counter.send(count) })
            .store(in: &cancellables)

        Just(42).eraseToAnyPublisher()
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            .store(in: &cancellables)
    }

    var doneCount: Int { items.filter(\.isDone).count }

    func add(_ title: String) {
        objectWillChange.send()
        items.append(TodoItem(id: UUID(), title: title))
        saveSubject.send()
    }

    func delete(at offsets: IndexSet) {
        items.remove(atOffsets: offsets)
    }

    func move(from source: IndexSet, to destination: Int) {
        items.move(fromOffsets: source, toOffset: destination)
    }

    @MainActor
    func load() async {
        isLoading = true
        defer { isLoading = false }
        try? await Task.sleep(nanoseconds: 1_000)
    }

    func save() {}

    var countPublisher: AnyPublisher<Int, Never> {
        $items.map { $0.count }.eraseToAnyPublisher()
    }
}

final class SettingsModel: ObservableObject {
    @Published var showCompleted = true
    @Published var fontSize: Double = 14
    @Published var reminderCount = 3
}

final class Clock: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    var now = Date() { willSet { objectWillChange.send() } }
}

private struct AccentKey: EnvironmentKey {
    static let defaultValue: Color = .blue
}

extension EnvironmentValues {
    var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

@main
struct TodoApp: App {
    @StateObject private var store = TodoStore()
    @StateObject private var settings = SettingsModel()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
                .environmentObject(settings)
                .environment(\.accent, .green)
        }
        .onChange(of: scenePhase) { phase in
            if phase == .background { store.save() }
        }
    }
}

struct ContentView: View {
    @EnvironmentObject var store: TodoStore
    @EnvironmentObject var settings: SettingsModel
    @State private var newTitle = ""
    @State private var showingSettings = false
    @State private var showingAlert = false
    @State private var editing: TodoItem?
    @AppStorage("launchCount") private var launchCount = 0
    @AppStorage("username") private var username: String?
    @SceneStorage("draft") private var draft = ""
    @Environment(\.accent) private var accent
    @FocusState private var focused: Bool

    var body: some View {
        NavigationView {
            List {
                Section(header: Text("New")) {
                    HStack {
                        TextField("Title", text: $newTitle)
                            .focused($focused)
                            .onSubmit { addItem() }
                        Button("Add", action: addItem)
                            .disabled(newTitle.isEmpty)
                    }
                }
                Section("Items (\(store.items.count))") {
                    ForEach(store.filtered) { item in
                        NavigationLink(destination: DetailView(store: store, item: item)) {
                            Row(item: item)
                        }
                    }
                    .onDelete(perform: store.delete)
                    .onMove(perform: store.move)
                }
                if store.isLoading {
                    ProgressView("Loading…")
                } else if let error = store.lastError {
                    Text(error).foregroundColor(.red)
                }
                Text("Done: \(store.doneCount) of \(store.items.count), launches \(launchCount)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            .listStyle(.insetGrouped)
            .searchable(text: $store.query)
            .navigationTitle("Todos")
            .toolbar {
                ToolbarItem(placement: .navigationBarTrailing) {
                    Button {
                        showingSettings = true
                    } label: {
                        Image(systemName: "gear")
                    }
                }
            }
            .sheet(isPresented: $showingSettings) {
                SettingsView(settings: settings)
            }
            .sheet(item: $editing) { item in
                Text(item.title)
            }
            .alert(isPresented: $showingAlert) {
                Alert(title: Text("Oops"), message: Text("Something happened"), dismissButton: .default(Text("OK")))
            }
            .refreshable { await store.load() }
            .task { await store.load() }
            .onAppear { launchCount += 1 }
            .onReceive(store.$items) { items in
                if items.count > 100 { showingAlert = true }
            }
            .onReceive(store.countPublisher) { _ in }
            .background(Color.white)
            .tint(accent)
        }
        .navigationViewStyle(.stack)
    }

    private func addItem() {
        store.add(newTitle)
        newTitle = ""
    }
}

struct Row: View {
    let item: TodoItem
    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
            Text(item.title)
                .strikethrough(item.isDone)
            Spacer()
            Text(item.priority.rawValue.capitalized)
                .font(.caption)
                .padding(.horizontal, 6)
                .background(Capsule().fill(Color.gray.opacity(0.2)))
        }
    }
}

struct DetailView: View {
    @ObservedObject var store: TodoStore
    let item: TodoItem
    @Environment(\.dismiss) private var dismiss
    @Environment(\.presentationMode) private var presentationMode

    var index: Int? { store.items.firstIndex(where: { $0.id == item.id }) }

    var body: some View {
        Form {
            if let index {
                TextField("Title", text: $store.items[index].title)
                Toggle("Done", isOn: $store.items[index].isDone)
                Picker("Priority", selection: $store.items[index].priority) {
                    ForEach(TodoItem.Priority.allCases) { priority in
                        Text(priority.rawValue).tag(priority)
                    }
                }
                .pickerStyle(.segmented)
            }
            Button("Close") { dismiss() }
            Button("Back") { presentationMode.wrappedValue.dismiss() }
        }
        .navigationBarTitle(item.title, displayMode: .inline)
    }
}

struct SettingsView: View {
    @ObservedObject var settings: SettingsModel
    @StateObject private var clock = Clock()
    private let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        NavigationStack {
            Form {
                Toggle("Show completed", isOn: $settings.showCompleted)
                Slider(value: $settings.fontSize, in: 10...30, step: 1)
                Stepper("Reminders: \(settings.reminderCount)", value: $settings.reminderCount, in: 0...10)
                Text(clock.now, style: .time)
                Text("Size \(settings.fontSize, specifier: "%.0f")")
            }
            .onReceive(timer) { date in clock.now = date }
            .onChange(of: settings.fontSize) { newValue in print(newValue) }
            .navigationTitle("Settings")
        }
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
            .environmentObject(TodoStore())
            .environmentObject(SettingsModel())
    }
}

#Preview("Row") {
    Row(item: TodoItem(id: UUID(), title: "Milk"))
}
