let list = SessionList()
let first = Session()
let second = Session()
list.add(first, id: "a")
list.add(second, id: "b")
list.watch(id: "a")
print("watching a:", list.isActive)
first.isActive = true
print("a active:", list.isActive)
first.isActive = false
print("a inactive:", list.isActive)
list.watchPending()
second.isActive = true
print("b active:", list.isActive)
