// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var settings: Settings? = Settings(stored: "bogus")
print("after init: stored \(settings!.storedPosition), fontScale \(settings!.fontScale)")
settings!.position = .leading
settings!.position = .leading
settings!.reset()
print("stored \(settings!.storedPosition)")
settings!.fontScale = -1
settings!.fontScale = 2
settings!.fontScale += 1
for name in ["", "a", "a", "b", "", ""] {
    settings!.name = name
}
weak var released = settings
settings = nil
print("released: \(released == nil)")
