import Combine
import Foundation

/// Other shapes that become observers: self.$x, sink(receiveValue:), [unowned self], a didSet
/// already there (the observer goes before it, where Published delivered), compactMap and
/// filter, a parameter named as the property, `guard let self else { return }`, two-space
/// indentation.
final class Player: ObservableObject {
  @Published var volume: Double = 0.5 {
    didSet { print("didSet volume \(volume)") }
  }
  @Published var track: String? = nil
  @Published var muted = false
  @Published var rate: Double = 1
  var log: [String] = []
  private var bag = Set<AnyCancellable>()

  init() {
    self.$volume
      .dropFirst()
      .sink(receiveValue: { [unowned self] level in
        self.log.append("volume \(level) (was \(self.volume))")
      })
      .store(in: &self.bag)
    $track
      .dropFirst()
      .compactMap { $0 }
      .filter { !$0.isEmpty }
      .sink { [weak self] title in
        self?.log.append("track \(title)")
        self?.announce(title)
      }
      .store(in: &bag)
    $rate
      .dropFirst()
      .sink { [weak self] rate in
        guard let self else { return }
        self.log.append("rate \(rate), was \(self.rate)")
      }
      .store(in: &bag)
    $muted.dropFirst().sink { muted in print("muted \(muted)") }.store(in: &bag)
    muted = true
  }

  func announce(_ title: String) {
    print("now playing \(title), track still \(track ?? "none"), volume \(volume)")
  }

  func toggleMute() {
    muted.toggle()
  }

  deinit {
    print("Player deinit: \(log)")
  }
}
