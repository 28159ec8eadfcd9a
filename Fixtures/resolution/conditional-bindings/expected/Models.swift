import Combine
import Observation

@Observable final class TaskManager {
    var running = false
}

@Observable final class SourceControl {
    var branch = "main"
}

final class FileManagerModel {
    var sourceControl: SourceControl?
}

@Observable final class Workspace {
    var title = ""
    var taskManager: TaskManager?
    var files: FileManagerModel?
}
