import Combine
import Foundation

/// No dropFirst(): the current value is delivered on subscribe, so the work goes in a method,
/// called from the observer and where the subscription was.
final class Thermostat: ObservableObject {
    @Published var target: Double = 20
    @Published var unit = "C"
    var display = ""
    var changes = 0
    private var cancellables = Set<AnyCancellable>()

    init(target: Double) {
        self.target = target
        $unit
            .removeDuplicates()
            .sink { [weak self] unit in
                self?.changes += 1
                print("unit \(unit)")
            }
            .store(in: &cancellables)
        // Shown to a tenth of a degree.
        $target
            .map { $0 * 10 }
            .map { tenths in tenths.rounded() / 10 }
            .sink { [weak self] value in self?.show(value) }
            .store(in: &cancellables)
        self.target += 1
    }

    func show(_ value: Double) {
        display = "\(value) \(unit) (target still \(target))"
        print(display)
    }

    deinit {
        print("Thermostat deinit after \(changes) unit changes")
    }
}
