import SwiftUI

struct TaskBar: View {
    @Environment(TaskManager.self) var tasks
    var body: some View { Text(tasks.running ? "running" : "idle") }
}

struct BranchLabel: View {
    @Environment(SourceControl.self) var sourceControl
    var body: some View { Text(sourceControl.branch) }
}

struct Title: View {
    @Environment(Workspace.self) var workspace
    var body: some View { Text(workspace.title) }
}

struct Navigator: View {
    @Environment(Workspace.self) private var workspace

    var body: some View {
        // `if let x = y {`: the binding ends at the brace.
        if let sourceControl = workspace.files?.sourceControl {
            BranchLabel()
                .environment(sourceControl)
        }
    }
}
