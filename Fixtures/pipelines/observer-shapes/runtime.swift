// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
var player: Player? = Player()
player!.volume = 0.3
player!.volume = 0.3
player!.track = nil
player!.track = ""
player!.track = "Song"
player!.toggleMute()
player!.rate = 2
player!.toggleMute()
print("log \(player!.log)")
weak var gone = player
player = nil
print("released \(gone == nil)")
