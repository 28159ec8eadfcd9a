// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var store: Store? = Store()
let observer = StoreObserver(store: store!)
store!.add("a")
store!.filter = "x"
store!.items = ["b"]
store!.filter += "y"
for line in store!.log { print(line) }
print("changes \(observer.changes)")
weak var gone = store
store = nil
print("released \(gone == nil)")
let inbox = Inbox()
let inboxObserver = InboxObserver(inbox: inbox)
inbox.unread = 3
inbox.refresh()
inbox.markRead()
print("inbox changes \(inboxObserver.changes), \(inbox.summary)")
