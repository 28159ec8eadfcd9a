// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var model: SearchModel? = SearchModel(query: "a")
let logger = ResultsLogger(model: model!)
model!.scope = 2
model!.query = "b"
model!.query = "b"
model!.run()
model!.run()
for line in model!.log { print(line) }
for line in logger.lines { print(line) }
weak var gone = model
model = nil
print("released \(gone == nil)")
let thermostat = Thermostat()
let watcher = ThermostatWatcher(thermostat: thermostat)
thermostat.celsius = 21
thermostat.celsius += 0.5
thermostat.mode = "cool"
for line in thermostat.log { print(line) }
let task = DownloadTask()
var states: [DownloadTask.State] = []
let stateWatch = task.statePublisher.sink { states.append($0) }
task.start()
print("states \(states)")
let tabs = TabsModel(tabs: ["home", "search"])
let tabsLog = TabsLog(model: tabs)
tabs.selectedTab = "search"
for line in tabsLog.lines { print(line) }
