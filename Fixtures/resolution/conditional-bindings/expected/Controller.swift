import SwiftUI

/// How AppKit or UIKit code hands models to SwiftUI: each value is bound by a condition first.
final class WindowController {
    private weak var workspace: Workspace?

    /// `guard let x, let y = x.z else`: the shorthand binding is the property, unwrapped.
    func content() -> AnyView? {
        guard let workspace,
              let taskManager = workspace.taskManager else {
            return nil
        }
        return AnyView(
            TaskBar()
                .environment(taskManager)
                .environment(workspace)
        )
    }

    /// `guard let x = x?.y else` on one line, then `guard let x = x else`.
    func toolbar() -> AnyView? {
        guard let taskManager = workspace?.taskManager else { return nil }
        guard let workspace = workspace else { return nil }
        return AnyView(
            TaskBar()
                .environment(taskManager)
                .environment(workspace)
        )
    }

    /// `if let x {`.
    func title() -> AnyView? {
        if let workspace {
            return AnyView(Title().environment(workspace))
        }
        return nil
    }
}
