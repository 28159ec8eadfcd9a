import Combine

final class TaskManager: ObservableObject {
    @Published var running = false
}

final class SourceControl: ObservableObject {
    @Published var branch = "main"
}

final class FileManagerModel {
    var sourceControl: SourceControl?
}

final class Workspace: ObservableObject {
    @Published var title = ""
    var taskManager: TaskManager?
    var files: FileManagerModel?
}
