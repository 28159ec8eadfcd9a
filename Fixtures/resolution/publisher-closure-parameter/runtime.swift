let manager = EditorManager()
let controller = WindowController()
controller.listen(to: manager)
manager.activeEditor.tabs = ["a"]
manager.activeEditor.tabs.append("b")
let next = Editor()
manager.activeEditor = next
next.tabs = ["x", "y", "z"]
let browser = Browser()
browser.tabs = [1]
print(controller.counts, browser.tabs)
