import SwiftUI

struct TaskBar: View {
    @EnvironmentObject var tasks: TaskManager
    var body: some View { Text(tasks.running ? "running" : "idle") }
}

struct BranchLabel: View {
    @EnvironmentObject var sourceControl: SourceControl
    var body: some View { Text(sourceControl.branch) }
}

struct Title: View {
    @EnvironmentObject var workspace: Workspace
    var body: some View { Text(workspace.title) }
}

struct Navigator: View {
    @EnvironmentObject private var workspace: Workspace

    var body: some View {
        // `if let x = y {`: the binding ends at the brace.
        if let sourceControl = workspace.files?.sourceControl {
            BranchLabel()
                .environmentObject(sourceControl)
        }
    }
}
