// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var settings: Settings? = Settings()
let observer = SettingsObserver(settings: settings!)
settings!.name = "a"
settings!.mode = .dark
settings!.title = "b"
settings!.subtitle = "s"
settings!.name += "c"
for line in settings!.log { print(line) }
weak var gone = settings
settings = nil
print("released \(gone == nil)")
