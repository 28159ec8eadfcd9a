// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
import Combine
let source = PassthroughSubject<Double, Never>()
var download: Download? = Download(source: source)
source.send(0.25)
source.send(0.5)
print(download!.progress, download!.label)
for line in download!.log { print(line) }
weak var gone = download
download = nil
print("released \(gone == nil)")
source.send(1)
print("after release")
